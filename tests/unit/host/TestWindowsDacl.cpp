#include "host/WindowsDacl.h"

#include <QtTest>

using namespace cudnnsetup::dacl;

/**
 * The Windows ACE evaluation on descriptors built by hand, as Windows lists them (the wine tier's dacl-test reads the
 * same cases from SDDL strings through ConvertStringSecurityDescriptorToSecurityDescriptorW): who besides SYSTEM,
 * Administrators and TrustedInstaller is left a right that changes what an elevated process would run or load.
 */
class TestWindowsDacl : public QObject
{
    Q_OBJECT

private slots:
    void usersModifyUnderProgramFilesIsRefused();
    void administratorsOnlyIsAccepted();
    void aDenyBeforeTheGrantCancelsIt();
    void aDenyAfterTheGrantCancelsNothing();
    void anInheritedAceCounts();
    void anInheritableAceOfAFolderGivesNewEntries();
    void theDriveRootOnTheWayLetsUsersOnlyAdd();
    void anOwnerWhoIsAUserCanRewriteTheDacl();
    void noDaclIsEveryones();

private:
    static constexpr std::uint32_t FullAccess = 0x001F01FF; // FA
    static constexpr std::uint32_t Modify = 0x001301BF; // icacls (M)
    static constexpr std::uint32_t ReadExecute = 0x001200A9; // icacls (RX)
    static constexpr std::uint32_t WriteBits
        = 0x000D0156; // write data, append, EA, delete child, attributes, delete, DAC, owner
};

static const std::wstring System = L"S-1-5-18";
static const std::wstring Admins = L"S-1-5-32-544";
static const std::wstring Users = L"S-1-5-32-545";
static const std::wstring AuthenticatedUsers = L"S-1-5-11";
static const std::wstring Everyone = L"S-1-1-0";
static const std::wstring TrustedInstaller = L"S-1-5-80-956008885-3418522649-1831038044-1853292631-2271478464";

static Ace allow(const std::wstring& sid, std::uint32_t mask, std::uint8_t flags = 0)
{
    return Ace{true, sid, mask, flags};
}

static Ace deny(const std::wstring& sid, std::uint32_t mask, std::uint8_t flags = 0)
{
    return Ace{false, sid, mask, flags};
}

void TestWindowsDacl::usersModifyUnderProgramFilesIsRefused()
{
    // An installer that opened its folder under Program Files to Users: Modify (icacls ... /grant Users:(OI)(CI)M).
    const Descriptor d{TrustedInstaller,
                       true,
                       {allow(TrustedInstaller, FullAccess),
                        allow(System, FullAccess),
                        allow(Admins, FullAccess),
                        allow(Users, Modify, AceFlag::ObjectInherit | AceFlag::ContainerInherit)}};
    const std::optional<Writer> writer = otherWriter(d, Place::Target, true);
    QVERIFY(writer);
    QVERIFY(writer->sid == Users);
    QCOMPARE(writer->through, Writer::Through::Ace);
    QVERIFY(writer->rights & Right::WriteData);
    QVERIFY(writer->rights & Right::Delete);
}

void TestWindowsDacl::administratorsOnlyIsAccepted()
{
    // D:\tools\cuda made by an administrator, Users left read and execute: trusted wherever it lies.
    const Descriptor d{Admins,
                       true,
                       {allow(System, FullAccess, AceFlag::ObjectInherit | AceFlag::ContainerInherit),
                        allow(Admins, FullAccess, AceFlag::ObjectInherit | AceFlag::ContainerInherit),
                        allow(Users, ReadExecute, AceFlag::ObjectInherit | AceFlag::ContainerInherit)}};
    QVERIFY(!otherWriter(d, Place::Target, true));
}

void TestWindowsDacl::aDenyBeforeTheGrantCancelsIt()
{
    // Everyone denied every writing right, then Users granted Modify: what is left to Users is reading.
    const Descriptor d{Admins, true, {deny(Everyone, WriteBits), allow(Admins, FullAccess), allow(Users, Modify)}};
    QVERIFY(!otherWriter(d, Place::Target, false));
}

void TestWindowsDacl::aDenyAfterTheGrantCancelsNothing()
{
    // Windows decides each right at the first ACE that names it: a deny out of canonical order comes too late.
    const Descriptor d{Admins, true, {allow(Users, Modify), deny(Everyone, WriteBits)}};
    const std::optional<Writer> writer = otherWriter(d, Place::Target, false);
    QVERIFY(writer);
    QVERIFY(writer->sid == Users);
}

void TestWindowsDacl::anInheritedAceCounts()
{
    const Descriptor d{
        Admins, true, {allow(Admins, FullAccess), allow(AuthenticatedUsers, Modify, AceFlag::Inherited)}};
    const std::optional<Writer> writer = otherWriter(d, Place::Target, false);
    QVERIFY(writer);
    QVERIFY(writer->sid == AuthenticatedUsers);
}

void TestWindowsDacl::anInheritableAceOfAFolderGivesNewEntries()
{
    // Inherit-only: it grants nothing on the folder, but every file copied into it gets Users' write.
    const Descriptor d{
        Admins,
        true,
        {allow(Admins, FullAccess),
         allow(Users, Right::GenericWrite, AceFlag::ObjectInherit | AceFlag::ContainerInherit | AceFlag::InheritOnly)}};
    const std::optional<Writer> writer = otherWriter(d, Place::Target, true);
    QVERIFY(writer);
    QCOMPARE(writer->through, Writer::Through::InheritableAce);
    QVERIFY(!otherWriter(d, Place::Target, false)); // a file passes nothing on
}

void TestWindowsDacl::theDriveRootOnTheWayLetsUsersOnlyAdd()
{
    // C:\ as Windows sets it up: Authenticated Users may add folders (they cannot replace one) and read.
    const Descriptor d{System,
                       true,
                       {allow(Admins, FullAccess, AceFlag::ObjectInherit | AceFlag::ContainerInherit),
                        allow(System, FullAccess, AceFlag::ObjectInherit | AceFlag::ContainerInherit),
                        allow(AuthenticatedUsers, Right::AppendData),
                        allow(Users, ReadExecute, AceFlag::ObjectInherit | AceFlag::ContainerInherit)}};
    QVERIFY(!otherWriter(d, Place::OnTheWay, true));
    QVERIFY(otherWriter(d, Place::Target, true)); // as the folder a DLL is loaded from, adding one is the attack
}

void TestWindowsDacl::anOwnerWhoIsAUserCanRewriteTheDacl()
{
    const std::wstring alice = L"S-1-5-21-1004336348-1177238915-682003330-1001";
    const Descriptor d{alice, true, {allow(Admins, FullAccess), allow(System, FullAccess)}};
    const std::optional<Writer> writer = otherWriter(d, Place::Target, false);
    QVERIFY(writer);
    QCOMPARE(writer->through, Writer::Through::Owner);
    QVERIFY(!otherWriter(d, Place::Target, false, alice)); // her own elevated copy: her files are its own
}

void TestWindowsDacl::noDaclIsEveryones()
{
    const Descriptor d{Admins, false, {}};
    const std::optional<Writer> writer = otherWriter(d, Place::Target, false);
    QVERIFY(writer);
    QCOMPARE(writer->through, Writer::Through::NoDacl);
}

QTEST_GUILESS_MAIN(TestWindowsDacl)
#include "TestWindowsDacl.moc"
