#pragma once

#include <QByteArrayView>
#include <QList>
#include <QSet>

/**
 * Finds which CUDA major a cuDNN library was built against from the CUDA library names it carries: DT_NEEDED and
 * import-table entries, and the names it dlopen()s / LoadLibrary()s ("libcublasLt.so.13", "libnvrtc.so.12",
 * "cudart64_12.dll", "cublasLt64_13.dll", "nvrtc64_120_0.dll"). Fed block by block; a name split across two
 * blocks is still found. ASCII names only: a name kept only as UTF-16 in a DLL is not seen.
 */
class CudaReferenceScanner
{
public:
    void addBlock(QByteArrayView block);
    /** Every CUDA major seen, ascending. */
    QList<int> majors() const;
    void reset();

private:
    void scan(QByteArrayView bytes);

    QSet<int> m_majors;
    QByteArray m_seam; // the tail of the previous block
};
