#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <QtEndian>

/**
 * A stand-in shared library the loader's rules can be judged on: a minimal ELF64 little-endian shared object with one
 * PT_LOAD and a PT_DYNAMIC segment holding DT_SONAME, DT_NEEDED (in order) and DT_RUNPATH, as cudnnsetup's ELF reader
 * (core/binary/ElfImage) and the dynamic loader read them. No code, no symbols: it is never loaded, only read.
 */
namespace StubElf {

inline constexpr quint16 MachineX86_64 = 62;
inline constexpr quint16 MachineAarch64 = 183;

namespace detail {
template <typename T> void put(QByteArray& bytes, T value)
{
    char raw[sizeof(T)];
    qToLittleEndian(value, raw);
    bytes.append(raw, sizeof(T));
}
} // namespace detail

inline QByteArray sharedObject(const QString& soname,
                               const QStringList& needed = {},
                               const QString& runpath = {},
                               quint16 machine = MachineX86_64)
{
    using detail::put;
    constexpr quint64 HeaderSize = 64, ProgramHeaderSize = 56, ProgramHeaders = 2;
    QByteArray strings(1, '\0');
    const auto addString = [&strings](const QString& s) {
        const quint64 at = quint64(strings.size());
        strings.append(s.toUtf8());
        strings.append('\0');
        return at;
    };
    QList<std::pair<quint64, quint64>> dynamic; // d_tag, d_val
    for (const QString& name : needed)
        dynamic.append({1, addString(name)}); // DT_NEEDED
    if (!soname.isEmpty())
        dynamic.append({14, addString(soname)}); // DT_SONAME
    if (!runpath.isEmpty())
        dynamic.append({29, addString(runpath)}); // DT_RUNPATH
    const quint64 stringsAt = HeaderSize + ProgramHeaderSize * ProgramHeaders;
    while (strings.size() % 8)
        strings.append('\0');
    const quint64 dynamicAt = stringsAt + quint64(strings.size());
    dynamic.append({5, stringsAt}); // DT_STRTAB (mapped at its file offset: one PT_LOAD from 0)
    dynamic.append({10, quint64(strings.size())}); // DT_STRSZ
    dynamic.append({0, 0}); // DT_NULL
    const quint64 dynamicSize = quint64(dynamic.size()) * 16;
    const quint64 total = dynamicAt + dynamicSize;

    QByteArray elf("\x7f"
                   "ELF\x02\x01\x01",
                   7);
    elf.append(QByteArray(9, '\0'));
    put<quint16>(elf, 3); // ET_DYN
    put<quint16>(elf, machine);
    put<quint32>(elf, 1);
    put<quint64>(elf, 0); // e_entry
    put<quint64>(elf, HeaderSize); // e_phoff
    put<quint64>(elf, 0); // e_shoff
    put<quint32>(elf, 0);
    put<quint16>(elf, quint16(HeaderSize));
    put<quint16>(elf, quint16(ProgramHeaderSize));
    put<quint16>(elf, quint16(ProgramHeaders));
    put<quint16>(elf, 64);
    put<quint16>(elf, 0);
    put<quint16>(elf, 0);
    const auto programHeader = [&](quint32 type, quint32 flags, quint64 offset, quint64 size, quint64 align) {
        put<quint32>(elf, type);
        put<quint32>(elf, flags);
        put<quint64>(elf, offset);
        put<quint64>(elf, offset); // p_vaddr
        put<quint64>(elf, offset); // p_paddr
        put<quint64>(elf, size);
        put<quint64>(elf, size);
        put<quint64>(elf, align);
    };
    programHeader(1, 5, 0, total, 0x1000); // PT_LOAD, r-x
    programHeader(2, 6, dynamicAt, dynamicSize, 8); // PT_DYNAMIC, rw-
    elf.append(strings);
    for (const auto& [tag, value] : dynamic) {
        put<quint64>(elf, tag);
        put<quint64>(elf, value);
    }
    return elf;
}

} // namespace StubElf
