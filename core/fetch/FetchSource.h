#pragma once

#include "report/Diagnostic.h"

#include <QJsonObject>
#include <QUrl>
#include <optional>

/**
 * Where the redist tree lives: NVIDIA's cuDNN redist root, a lab mirror with the same layout (http(s):// or
 * file://), or one manifest named outright. Archive paths in a manifest are relative to the manifest's folder.
 */
struct FetchSource
{
    QUrl root; // the tree's folder, always ending in "/"
    QUrl manifest; // set when one manifest was named (--manifest): only it is read

    bool isLocal() const { return root.isLocalFile(); }
    /** "https://developer.download.nvidia.com/compute/cudnn/redist/" */
    static QUrl nvidiaRoot();
    /** A mirror root as typed: a URL, or a local folder path. nullopt (and why) for anything else. */
    static std::optional<FetchSource> fromMirror(const QString& text, Diagnostic* why = nullptr);
    static std::optional<FetchSource> fromManifest(const QString& text, Diagnostic* why = nullptr);
    QJsonObject toJson() const;

    /** The URL as a person should read it: a local path for file://. */
    static QString display(const QUrl& url);
};
