#pragma once

#include "engine/FetchOutcome.h"

#include <QCoreApplication>
#include <QTextStream>

/**
 * What `--silent --fetch` did, said after the run: the manifests read at NVIDIA's redist root (or --mirror /
 * --manifest), the archive the package rules chose and why, and the download (or the verified copy in the cache).
 * A dry run downloads nothing; an archive already in the cache, verified, is still what its plan was made with.
 */
class FetchSummary
{
    Q_DECLARE_TR_FUNCTIONS(FetchSummary)

public:
    /** The request's problems and the manifests' findings go to err, what was chosen and done to out. */
    static void print(const FetchOutcome& fetched, QTextStream& out, QTextStream& err);
};
