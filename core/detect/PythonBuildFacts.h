#pragma once

#include "PythonEnvironment.h"

#include <QByteArray>
#include <QHash>
#include <QString>

/**
 * What an installed distribution states about its own build, read from small files without importing anything:
 * the build file a framework generates at build time (torch/version.py, tensorflow/python/platform/build_info.py,
 * onnxruntime/capi/build_and_package_info.py, paddle/version/__init__.py), the Requires-Dist lines of its METADATA
 * that name an nvidia-cudnn wheel, and the folders of its own RECORD that hold cuDNN libraries. Python files are
 * parsed as text: assignments of string, number, bool and None literals, and one dict (or OrderedDict list) of them.
 */
namespace PythonBuildFacts {

/** The cap on one file read here: build files and METADATA headers are a few KiB. */
constexpr qint64 MaxFileBytes = 256 * 1024;
/** RECORD files of big wheels run to megabytes; larger ones are skipped. */
constexpr qint64 MaxRecordBytes = 32 * 1024 * 1024;

/** The one function through which this reader opens a file (readBoundedFile: a regular file only, opened
 *  non-blocking, at most maxBytes); with stopAt (METADATA's "\n\n") only its first 64 KiB; empty when it cannot be
 *  read. */
QByteArray readSmallFile(const QString& path, qint64 maxBytes = MaxFileBytes, const char* stopAt = nullptr);

/** NAME = 'text' / "text" / True / False / None / 12 / {..} / collections.OrderedDict([...]) at the start of a line,
 *  and the keys of a dict literal on the right of such an assignment ("build_info" -> its keys, flattened). A later
 *  assignment of a name wins. Values keep their text; True/False/None come back as "True"/"False"/"None". */
QHash<QString, QString> parseAssignments(const QByteArray& text);

/** The Requires-Dist headers of a METADATA file (the headers end at the first empty line) whose name starts with
 *  namePrefix (PEP 503-normalized), split into name, specifier and marker. */
QList<PythonDistribution::Requirement> requiresDist(const QByteArray& metadata, const QString& namePrefix);

/** The build file a distribution ships, relative to site-packages; empty for one without. */
QString buildFileFor(const QString& normalizedName);

/** Fills distribution's build facts, cuDNN requirements and cuDNN library folders from its files. */
void read(const QString& sitePackages, PythonDistribution& distribution);

} // namespace PythonBuildFacts
