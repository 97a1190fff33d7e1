#include "WindowsDacl.h"

#include <algorithm>

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <aclapi.h>
#include <sddl.h>
#include <windows.h>
#endif

namespace cudnnsetup::dacl {

namespace {

const wchar_t* const System = L"S-1-5-18";
const wchar_t* const Administrators = L"S-1-5-32-544";
const wchar_t* const TrustedInstaller = L"S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464";
const wchar_t* const Everyone = L"S-1-1-0";
const wchar_t* const AuthenticatedUsers = L"S-1-5-11";
const wchar_t* const Users = L"S-1-5-32-545";
const wchar_t* const Interactive = L"S-1-5-4";
const wchar_t* const CreatorOwner = L"S-1-3-0";
const wchar_t* const CreatorGroup = L"S-1-3-1";
const wchar_t* const OwnerRights = L"S-1-3-4";

/** FILE_GENERIC_WRITE and FILE_ALL_ACCESS: what the generic rights mean for a file. */
std::uint32_t mapped(std::uint32_t mask)
{
    if (mask & Right::GenericAll)
        mask |= 0x001F01FF;
    if (mask & Right::GenericWrite)
        mask |= 0x00120116;
    return mask & ~(Right::GenericAll | Right::GenericWrite | 0xA0000000u /* GENERIC_READ, GENERIC_EXECUTE */);
}

std::uint32_t dangerous(Place place)
{
    const std::uint32_t replacing = Right::DeleteChild | Right::Delete | Right::WriteDac | Right::WriteOwner;
    return place == Place::OnTheWay ? replacing : replacing | Right::WriteData | Right::AppendData;
}

bool startsWith(const std::wstring& text, const wchar_t* prefix)
{
    return text.rfind(prefix, 0) == 0;
}

/** An account of a person or a domain group: a member of Users, Authenticated Users and Everyone. */
bool isAccount(const std::wstring& sid)
{
    return startsWith(sid, L"S-1-5-21-") || sid == Interactive;
}

/**
 * Whether an ACE for group applies to who. Users holds Authenticated Users and INTERACTIVE by default, and
 * Authenticated Users holds every account: for what they may do to a file, the three are one set of people.
 */
bool applies(const std::wstring& group, const std::wstring& who)
{
    if (group == who || group == Everyone)
        return true;
    const bool ordinary = group == Users || group == AuthenticatedUsers;
    return ordinary && (who == Users || who == AuthenticatedUsers || isAccount(who));
}

/** The rights the ACEs that apply to who leave it, by Windows' order: each ACE decides the rights not yet decided. */
std::uint32_t granted(const std::vector<Ace>& dacl, const std::wstring& who)
{
    std::uint32_t allowed = 0;
    std::uint32_t denied = 0;
    for (const Ace& ace : dacl) {
        if ((ace.flags & AceFlag::InheritOnly) || !applies(ace.sid, who))
            continue;
        const std::uint32_t rights = mapped(ace.mask) & ~(allowed | denied);
        (ace.allow ? allowed : denied) |= rights;
    }
    return allowed;
}

} // namespace

bool isTrusted(const std::wstring& sid)
{
    return sid == System || sid == Administrators || sid == TrustedInstaller;
}

std::optional<Writer> otherWriter(const Descriptor& descriptor, Place place, bool folder, const std::wstring& self)
{
    const auto trusted = [&](const std::wstring& sid) { return isTrusted(sid) || (!self.empty() && sid == self); };
    if (!descriptor.owner.empty() && !trusted(descriptor.owner))
        return Writer{descriptor.owner, Right::WriteDac, Writer::Through::Owner};
    if (!descriptor.hasDacl)
        return Writer{Everyone, dangerous(place), Writer::Through::NoDacl};
    const std::uint32_t risky = dangerous(place);
    for (const Ace& ace : descriptor.dacl) {
        // CREATOR OWNER and CREATOR GROUP stand for whoever creates an entry; OWNER RIGHTS for the (trusted) owner.
        if (!ace.allow || trusted(ace.sid) || ace.sid == CreatorOwner || ace.sid == CreatorGroup
            || ace.sid == OwnerRights)
            continue;
        if (!(ace.flags & AceFlag::InheritOnly)) {
            if (const std::uint32_t left = granted(descriptor.dacl, ace.sid) & risky)
                return Writer{ace.sid, left, Writer::Through::Ace};
        }
        const bool inheritable = ace.flags & (AceFlag::ObjectInherit | AceFlag::ContainerInherit);
        if (folder && place == Place::Target && inheritable) {
            if (const std::uint32_t left = mapped(ace.mask) & dangerous(Place::Target))
                return Writer{ace.sid, left, Writer::Through::InheritableAce};
        }
    }
    return std::nullopt;
}

std::wstring wellKnownName(const std::wstring& sid)
{
    const std::pair<const wchar_t*, const wchar_t*> names[] = {
        {Everyone, L"Everyone"},
        {AuthenticatedUsers, L"Authenticated Users"},
        {Users, L"Users"},
        {Interactive, L"INTERACTIVE"},
        {System, L"SYSTEM"},
        {Administrators, L"Administrators"},
        {TrustedInstaller, L"TrustedInstaller"},
        {CreatorOwner, L"CREATOR OWNER"},
        {L"S-1-5-32-547", L"Power Users"},
        {L"S-1-15-2-1", L"ALL APPLICATION PACKAGES"},
    };
    for (const auto& [known, name] : names) {
        if (sid == known)
            return name;
    }
    return sid;
}

#ifdef _WIN32

namespace {

std::wstring sidString(PSID sid)
{
    LPWSTR text = nullptr;
    if (!sid || !ConvertSidToStringSidW(sid, &text))
        return {};
    std::wstring result(text);
    LocalFree(text);
    return result;
}

std::wstring lastError(const wchar_t* call, DWORD code)
{
    return std::wstring(call) + L": error " + std::to_wstring(code);
}

Descriptor fromParts(PSID owner, PACL dacl, bool present)
{
    Descriptor descriptor;
    descriptor.owner = sidString(owner);
    descriptor.hasDacl = present && dacl;
    if (!descriptor.hasDacl)
        return descriptor;
    ACL_SIZE_INFORMATION size = {};
    if (!GetAclInformation(dacl, &size, sizeof size, AclSizeInformation))
        return descriptor;
    for (DWORD i = 0; i < size.AceCount; ++i) {
        void* raw = nullptr;
        if (!GetAce(dacl, i, &raw))
            continue;
        const auto* header = static_cast<const ACE_HEADER*>(raw);
        if (header->AceType != ACCESS_ALLOWED_ACE_TYPE && header->AceType != ACCESS_DENIED_ACE_TYPE)
            continue; // object and callback ACEs name no file rights of their own
        const auto* ace = static_cast<const ACCESS_ALLOWED_ACE*>(raw);
        Ace read;
        read.allow = header->AceType == ACCESS_ALLOWED_ACE_TYPE;
        read.sid = sidString(const_cast<DWORD*>(&ace->SidStart));
        read.mask = ace->Mask;
        read.flags = header->AceFlags;
        descriptor.dacl.push_back(read);
    }
    return descriptor;
}

} // namespace

std::optional<Descriptor> readDescriptor(const std::wstring& path, std::wstring* error)
{
    PSID owner = nullptr;
    PACL dacl = nullptr;
    PSECURITY_DESCRIPTOR security = nullptr;
    const DWORD status = GetNamedSecurityInfoW(path.c_str(),
                                               SE_FILE_OBJECT,
                                               OWNER_SECURITY_INFORMATION | DACL_SECURITY_INFORMATION,
                                               &owner,
                                               nullptr,
                                               &dacl,
                                               nullptr,
                                               &security);
    if (status != ERROR_SUCCESS) {
        *error = lastError(L"GetNamedSecurityInfoW", status);
        return std::nullopt;
    }
    Descriptor descriptor = fromParts(owner, dacl, true);
    LocalFree(security);
    return descriptor;
}

std::optional<Descriptor> descriptorFromSddl(const std::wstring& sddl, std::wstring* error)
{
    PSECURITY_DESCRIPTOR security = nullptr;
    if (!ConvertStringSecurityDescriptorToSecurityDescriptorW(sddl.c_str(), SDDL_REVISION_1, &security, nullptr)) {
        *error = lastError(L"ConvertStringSecurityDescriptorToSecurityDescriptorW", GetLastError());
        return std::nullopt;
    }
    PSID owner = nullptr;
    BOOL ownerDefaulted = FALSE;
    PACL dacl = nullptr;
    BOOL present = FALSE;
    BOOL daclDefaulted = FALSE;
    GetSecurityDescriptorOwner(security, &owner, &ownerDefaulted);
    GetSecurityDescriptorDacl(security, &present, &dacl, &daclDefaulted);
    Descriptor descriptor = fromParts(owner, dacl, present);
    LocalFree(security);
    return descriptor;
}

std::wstring processUser()
{
    HANDLE token = nullptr;
    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &token))
        return {};
    DWORD size = 0;
    GetTokenInformation(token, TokenUser, nullptr, 0, &size);
    std::vector<unsigned char> buffer(size);
    std::wstring sid;
    if (size > 0 && GetTokenInformation(token, TokenUser, buffer.data(), size, &size))
        sid = sidString(reinterpret_cast<TOKEN_USER*>(buffer.data())->User.Sid);
    CloseHandle(token);
    return sid;
}

std::wstring accountName(const std::wstring& sid)
{
    PSID binary = nullptr;
    if (!ConvertStringSidToSidW(sid.c_str(), &binary))
        return wellKnownName(sid);
    wchar_t name[256];
    wchar_t domain[256];
    DWORD nameSize = 256;
    DWORD domainSize = 256;
    SID_NAME_USE use;
    std::wstring result = wellKnownName(sid);
    if (result == sid && LookupAccountSidW(nullptr, binary, name, &nameSize, domain, &domainSize, &use))
        result = domainSize > 0 && domain[0] ? std::wstring(domain) + L"\\" + name : std::wstring(name);
    LocalFree(binary);
    return result;
}

#endif

} // namespace cudnnsetup::dacl
