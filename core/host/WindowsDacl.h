#pragma once

// Plain C++17 (no Qt): the wine tier's dacl-test builds it alone (tests/wine).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/**
 * Who besides the administrators can change a file or folder on Windows, by its owner and DACL: the ACE evaluation
 * of Windows' access check (deny and allow ACEs in order, each for the rights not yet decided), done for every SID an
 * allow ACE names. SYSTEM, Administrators and TrustedInstaller are the trusted; anyone else who is left write,
 * append, delete, WRITE_DAC or WRITE_OWNER can change what an elevated process would run or load.
 */
namespace cudnnsetup::dacl {

namespace Right {
constexpr std::uint32_t WriteData = 0x0002; // FILE_WRITE_DATA, FILE_ADD_FILE on a folder
constexpr std::uint32_t AppendData = 0x0004; // FILE_APPEND_DATA, FILE_ADD_SUBDIRECTORY
constexpr std::uint32_t DeleteChild = 0x0040; // FILE_DELETE_CHILD
constexpr std::uint32_t Delete = 0x00010000;
constexpr std::uint32_t WriteDac = 0x00040000;
constexpr std::uint32_t WriteOwner = 0x00080000;
constexpr std::uint32_t GenericAll = 0x10000000;
constexpr std::uint32_t GenericWrite = 0x40000000;
} // namespace Right

namespace AceFlag {
constexpr std::uint8_t ObjectInherit = 0x01;
constexpr std::uint8_t ContainerInherit = 0x02;
constexpr std::uint8_t InheritOnly = 0x08;
constexpr std::uint8_t Inherited = 0x10;
} // namespace AceFlag

struct Ace
{
    bool allow = true; // ACCESS_ALLOWED_ACE_TYPE; false: ACCESS_DENIED_ACE_TYPE
    std::wstring sid; // "S-1-5-32-545"
    std::uint32_t mask = 0;
    std::uint8_t flags = 0;
};

struct Descriptor
{
    std::wstring owner; // the owner's SID
    bool hasDacl = true; // no DACL at all: everyone may do everything
    std::vector<Ace> dacl; // in the order Windows evaluates them
};

/** Where the entry lies: what is run or loaded (and, for a folder, what is created in it), or a folder on the way. */
enum class Place { Target, OnTheWay };

/** One who can change it, and through what. */
struct Writer
{
    enum class Through { Owner, NoDacl, Ace, InheritableAce };
    std::wstring sid;
    std::uint32_t rights = 0; // the dangerous rights left to it
    Through through = Through::Ace;
};

bool isTrusted(const std::wstring& sid);

/**
 * The first SID other than the trusted that can change the entry: its owner when that is not one of them (an owner
 * may always rewrite the DACL), everyone when there is no DACL, else the first allow ACE's SID whose dangerous rights
 * survive the ACEs before it that apply to that SID (a deny to Everyone applies to Users and to a named user). For
 * a folder on the way only replacing its entries counts (delete, delete-child, WRITE_DAC, WRITE_OWNER), as adding to
 * C:\ does not replace anything; for a target folder, also what an inheritable ACE gives new entries. self, the
 * SID this process runs as, is trusted as its own files are on Linux (an elevated copy runs as its invoking user).
 */
std::optional<Writer>
otherWriter(const Descriptor& descriptor, Place place, bool folder, const std::wstring& self = {});

/** "Users", "Authenticated Users", "Everyone" for the well-known SIDs; the SID itself otherwise. */
std::wstring wellKnownName(const std::wstring& sid);

#ifdef _WIN32
/** The owner and DACL of a file or folder (GetNamedSecurityInfoW); nullopt with error set when they cannot be read. */
std::optional<Descriptor> readDescriptor(const std::wstring& path, std::wstring* error);
/** A descriptor from its SDDL string (ConvertStringSecurityDescriptorToSecurityDescriptorW), for the tests. */
std::optional<Descriptor> descriptorFromSddl(const std::wstring& sddl, std::wstring* error);
/** The SID this process runs as (its token's user). */
std::wstring processUser();
/** DOMAIN\name for a SID (LookupAccountSidW), else wellKnownName(). */
std::wstring accountName(const std::wstring& sid);
#endif

} // namespace cudnnsetup::dacl
