// The Windows ACE evaluation (core/host/WindowsDacl) on security descriptors Windows itself builds from SDDL strings
// (ConvertStringSecurityDescriptorToSecurityDescriptorW), read back through GetSecurityDescriptorOwner/Dacl and
// GetAce as a real file's are: the cases of issue 49. Plain C++: exit code = failures.

#include "host/WindowsDacl.h"

#include <cstdio>
#include <string>

using namespace cudnnsetup::dacl;

namespace {

int failures = 0;
int passes = 0;

struct Case
{
    const char* name;
    const wchar_t* sddl;
    Place place;
    bool folder;
    const wchar_t* writer; // the SID expected to be left a dangerous right; nullptr: trusted
    Writer::Through through;
};

// TrustedInstaller's service SID, as Program Files' DACL names it.
#define TI L"S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464"

const Case cases[] = {
    {"Users-Modify under Program Files is refused",
     L"O:" TI L"G:SYD:PAI(A;;FA;;;" TI L")(A;;FA;;;SY)(A;;FA;;;BA)(A;OICI;0x1301bf;;;BU)",
     Place::Target,
     true,
     L"S-1-5-32-545",
     Writer::Through::Ace},
    {"an Administrators-only folder outside Program Files is accepted",
     L"O:BAG:SYD:PAI(A;OICI;FA;;;SY)(A;OICI;FA;;;BA)(A;OICI;0x1200a9;;;BU)",
     Place::Target,
     true,
     nullptr,
     Writer::Through::Ace},
    {"a deny ACE before the grant cancels it",
     L"O:BAG:SYD:(D;;0xd0156;;;WD)(A;;FA;;;BA)(A;;0x1301bf;;;BU)",
     Place::Target,
     false,
     nullptr,
     Writer::Through::Ace},
    {"a deny ACE after the grant cancels nothing",
     L"O:BAG:SYD:(A;;0x1301bf;;;BU)(D;;0xd0156;;;WD)",
     Place::Target,
     false,
     L"S-1-5-32-545",
     Writer::Through::Ace},
    {"an inherited ACE counts",
     L"O:BAG:SYD:AI(A;;FA;;;BA)(A;OICIID;0x1301bf;;;AU)",
     Place::Target,
     false,
     L"S-1-5-11",
     Writer::Through::Ace},
    {"an inherit-only ACE gives a folder's new entries write",
     L"O:BAG:SYD:(A;;FA;;;BA)(A;OICIIO;GW;;;BU)",
     Place::Target,
     true,
     L"S-1-5-32-545",
     Writer::Through::InheritableAce},
    {"C:\\ on the way: Authenticated Users may only add",
     L"O:SYG:SYD:(A;OICI;FA;;;BA)(A;OICI;FA;;;SY)(A;;0x4;;;AU)(A;OICIIO;SDGXGWGR;;;AU)(A;OICI;0x1200a9;;;BU)",
     Place::OnTheWay,
     true,
     nullptr,
     Writer::Through::Ace},
    {"an owner who is a user can rewrite the DACL",
     L"O:S-1-5-21-1004336348-1177238915-682003330-1001G:SYD:(A;;FA;;;BA)",
     Place::Target,
     false,
     L"S-1-5-21-1004336348-1177238915-682003330-1001",
     Writer::Through::Owner},
};

} // namespace

int main()
{
    std::printf("wine-tests: started\n");
    for (const Case& c : cases) {
        std::wstring error;
        const std::optional<Descriptor> descriptor = descriptorFromSddl(c.sddl, &error);
        if (!descriptor) {
            ++failures;
            std::printf("FAIL %s: %ls\n", c.name, error.c_str());
            continue;
        }
        const std::optional<Writer> writer = otherWriter(*descriptor, c.place, c.folder);
        const bool right = c.writer ? writer && writer->sid == c.writer && writer->through == c.through : !writer;
        if (right) {
            ++passes;
            std::printf("PASS %s\n", c.name);
        } else {
            ++failures;
            std::printf("FAIL %s: %zu ACEs read, owner %ls, writer %ls\n",
                        c.name,
                        descriptor->dacl.size(),
                        descriptor->owner.c_str(),
                        writer ? writer->sid.c_str() : L"(none)");
        }
    }
    std::printf("%d passed, %d failed\n", passes, failures);
    return failures;
}
