#pragma once

#include "common/Version.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

/** One installed distribution of a Python environment, as its own metadata says (nothing is imported). */
struct PythonDistribution
{
    enum class Installer { Pip, Conda };
    /** One Requires-Dist line of its METADATA: "nvidia-cudnn-cu12", ">=9.8,<10.0", "extra == \"with-cuda\"". */
    struct Requirement
    {
        QString name; // PEP 503-normalized
        QString specifier; // empty when any version does
        QString marker; // empty when it always applies
    };

    QString name; // as the metadata spells it: "nvidia-cudnn-cu12", "torch", "cudnn"
    QString version; // "9.1.0.70", "2.5.1+cu124", "9.3.0.75" (conda)
    Installer installer = Installer::Pip;
    /** pip: the *.dist-info folder (METADATA and RECORD inside); conda: the conda-meta/<name>-<ver>-<build>.json. */
    QString record;
    /** pip: the file in which the build states its own facts, relative to site-packages ("torch/version.py"), and
     *  the assignments it holds ("__version__" -> "2.11.0+cu130", "cuda" -> "13.0"); empty when it ships none. */
    QString buildFile = {};
    QHash<QString, QString> buildFacts = {};
    /** pip: the nvidia-cudnn-* wheels its METADATA requires, markers not yet evaluated. */
    QList<Requirement> cudnnRequirements = {};
    /** pip: the folders of its own RECORD that hold cuDNN libraries (libcudnn*, cudnn*64_*.dll), absolute. */
    QStringList cudnnLibraryDirs = {};

    /** The name as PEP 503 compares it: lower case, runs of "-", "_", "." as one "-". */
    QString normalizedName() const;
};

/** A Python environment found on disk: a venv, a conda env (or base), a system or embedded interpreter. */
struct PythonEnvironment
{
    enum class Kind { Venv, Conda, System, Embedded };
    QString root; // the environment's prefix (canonical)
    Kind kind = Kind::System;
    std::optional<Version> pythonVersion; // 3.11 from the stdlib folder, pyvenv.cfg or conda-meta/python-*.json
    QString sitePackages; // lib/python3.11/site-packages, or Lib/site-packages on Windows; empty if none
    /** How it was found: "--python-env", "PATH", "environments.txt", "home", "registry", "default location". */
    QString foundVia;
    QList<PythonDistribution> distributions; // pip's and conda's, sorted by normalized name

    /** The distribution of that (PEP 503-normalized) name, pip's first; nullptr when absent. */
    const PythonDistribution* distribution(const QString& name) const;
    /** Every distribution whose normalized name starts with prefix ("nvidia-cudnn-"). */
    QList<PythonDistribution> distributionsStartingWith(const QString& prefix) const;

    static QString kindName(Kind kind); // "venv", "conda", "system", "embedded"
};
