#pragma once

#include "ArchiveBuilder.h"
#include "TestTree.h"
#include "detect/SystemSnapshot.h"
#include "package/PackageInspector.h"

#include <QtTest>

/** A Linux x86-64 machine with one GPU and one toolkit, as detection would describe it; tests change what they need. */
inline SystemSnapshot linuxMachine(const QString& toolkitRoot,
                                   const QString& cuda = QStringLiteral("13.0"),
                                   const QString& driver = QStringLiteral("580.95.05"),
                                   const QString& cc = QStringLiteral("8.6"))
{
    SystemSnapshot system;
    system.os = OsFlavor::Linux;
    system.driver.found = true;
    system.driver.version = Version::parse(driver);
    GpuInfo gpu;
    gpu.name = QStringLiteral("NVIDIA GeForce RTX 3090");
    gpu.computeCapability = *Version::parse(cc);
    system.gpus.append(gpu);
    CudaToolkit toolkit;
    toolkit.root = toolkitRoot;
    toolkit.version = Version::parse(cuda);
    toolkit.active = true;
    system.toolkits.append(toolkit);
    return system;
}

inline CudaToolkit toolkitOf(const QString& root, const QString& cuda)
{
    CudaToolkit toolkit;
    toolkit.root = root;
    toolkit.version = Version::parse(cuda);
    return toolkit;
}

/** Writes the spec's archive into the tree under NVIDIA's name (or fileName) and inspects it. */
inline QString writeArchive(const TestTree& tree, const CudnnArchiveSpec& spec, const QString& fileName = {})
{
    const QString path = tree.path(fileName.isEmpty() ? spec.fileName() : fileName);
    spec.build().write(path);
    return path;
}

inline PackageInspection inspectSpec(const TestTree& tree, const CudnnArchiveSpec& spec, const QString& fileName = {})
{
    return PackageInspector().inspect(writeArchive(tree, spec, fileName));
}

inline QStringList codesOf(const PackageFindings& findings)
{
    QStringList codes;
    for (const PackageFinding& f : findings)
        codes.append(f.diagnostic.code);
    return codes;
}
