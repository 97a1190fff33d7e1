#include "runtime/CpuConvolution.h"

#include <algorithm>
#include <atomic>
#include <system_error>
#include <thread>
#include <vector>

// x86-64 CPUs with AVX2 and FMA get code built for them, chosen at load time (a GNU ifunc); others the baseline.
#if defined(__x86_64__) && defined(__ELF__) && defined(__GLIBC__) && defined(__GNUC__) && !defined(__clang__)          \
    && __GNUC__ >= 12
#define CUDNN_SETUP_CPU_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#define CUDNN_SETUP_INLINE __attribute__((always_inline)) inline
#else
#define CUDNN_SETUP_CPU_CLONES
#define CUDNN_SETUP_INLINE inline
#endif

namespace cudnnsetup::runtime {

namespace {

// Output channels per block, a compile-time trip count so the innermost loop vectorises; filters are padded to it.
constexpr int kChannelBlock = 16;
// Output pixels that share one load of a filter row.
constexpr int kPixelTile = 4;

/** The operands rearranged for the inner loop: x as zero-padded NHWC, w as [k block][r][s][c][k in block] so that
 * one block's filters are contiguous (k padded to whole blocks). */
struct Operands
{
    ConvShape shape;
    int paddedH = 0;
    int paddedW = 0;
    int paddedK = 0;
    std::vector<float> x; // [n][paddedH][paddedW][c]
    std::vector<float> w; // [paddedK / kChannelBlock][r][s][c][kChannelBlock]
    std::vector<float> y; // [n][p][q][k]
};

Operands prepare(const ConvShape& shape, TensorLayout layout, const float* x, const float* w)
{
    Operands op;
    op.shape = shape;
    op.paddedH = shape.h + 2 * shape.padH;
    op.paddedW = shape.w + 2 * shape.padW;
    op.paddedK = (shape.k + kChannelBlock - 1) / kChannelBlock * kChannelBlock;
    const int c = shape.c;

    op.x.assign(std::size_t(shape.n) * op.paddedH * op.paddedW * c, 0.0f);
    for (int n = 0; n < shape.n; ++n) {
        for (int h = 0; h < shape.h; ++h) {
            for (int wi = 0; wi < shape.w; ++wi) {
                float* to = &op.x[((std::size_t(n) * op.paddedH + h + shape.padH) * op.paddedW + wi + shape.padW) * c];
                for (int ci = 0; ci < c; ++ci) {
                    to[ci] = layout == TensorLayout::Nhwc ? x[((std::size_t(n) * shape.h + h) * shape.w + wi) * c + ci]
                                                          : x[((std::size_t(n) * c + ci) * shape.h + h) * shape.w + wi];
                }
            }
        }
    }

    op.w.assign(std::size_t(shape.r) * shape.s * c * op.paddedK, 0.0f);
    for (int k = 0; k < shape.k; ++k) {
        for (int ci = 0; ci < c; ++ci) {
            for (int r = 0; r < shape.r; ++r) {
                for (int s = 0; s < shape.s; ++s) {
                    const float value = layout == TensorLayout::Nhwc
                        ? w[((std::size_t(k) * shape.r + r) * shape.s + s) * c + ci]
                        : w[((std::size_t(k) * c + ci) * shape.r + r) * shape.s + s];
                    const std::size_t block = std::size_t(k / kChannelBlock);
                    op.w[(((block * shape.r + r) * shape.s + s) * c + ci) * kChannelBlock + k % kChannelBlock] = value;
                }
            }
        }
    }
    op.y.resize(shape.outputElements());
    return op;
}

/** `Tile` output pixels (n, p, q0..q0+Tile) times output channels k0..k0+kChannelBlock. */
template <int Tile> CUDNN_SETUP_INLINE void convolveTile(Operands& op, int n, int p, int q0, int k0)
{
    const ConvShape& sh = op.shape;
    float acc[Tile][kChannelBlock] = {};
    for (int r = 0; r < sh.r; ++r) {
        const int h = p * sh.strideH + r;
        for (int s = 0; s < sh.s; ++s) {
            const float* pixel[Tile];
            for (int t = 0; t < Tile; ++t) {
                const int wi = (q0 + t) * sh.strideW + s;
                pixel[t] = &op.x[((std::size_t(n) * op.paddedH + h) * op.paddedW + wi) * sh.c];
            }
            const std::size_t block = std::size_t(k0 / kChannelBlock);
            const float* filter = &op.w[((block * sh.r + r) * sh.s + s) * sh.c * kChannelBlock];
            for (int c = 0; c < sh.c; ++c, filter += kChannelBlock) {
                for (int t = 0; t < Tile; ++t) {
                    const float value = pixel[t][c];
                    for (int kk = 0; kk < kChannelBlock; ++kk) {
                        acc[t][kk] += value * filter[kk];
                    }
                }
            }
        }
    }
    const int channels = std::min(kChannelBlock, sh.k - k0);
    for (int t = 0; t < Tile; ++t) {
        float* out = &op.y[((std::size_t(n) * sh.p() + p) * sh.q() + q0 + t) * sh.k + k0];
        std::copy(acc[t], acc[t] + channels, out);
    }
}

/** One task: a whole output row (n, p) for one block of output channels. */
CUDNN_SETUP_CPU_CLONES void convolveRow(Operands& op, int n, int p, int k0)
{
    const int q = op.shape.q();
    if (q < kPixelTile) {
        for (int q0 = 0; q0 < q; ++q0) {
            convolveTile<1>(op, n, p, q0, k0);
        }
        return;
    }
    for (int q0 = 0; q0 < q; q0 += kPixelTile) {
        // The last tile overlaps the one before rather than running pixel by pixel: it writes the same values again.
        convolveTile<kPixelTile>(op, n, p, std::min(q0, q - kPixelTile), k0);
    }
}

void writeOutput(const Operands& op, TensorLayout layout, float* y)
{
    const ConvShape& sh = op.shape;
    if (layout == TensorLayout::Nhwc) {
        std::copy(op.y.begin(), op.y.end(), y);
        return;
    }
    const int p = sh.p();
    const int q = sh.q();
    for (int n = 0; n < sh.n; ++n) {
        for (int k = 0; k < sh.k; ++k) {
            for (int pi = 0; pi < p; ++pi) {
                for (int qi = 0; qi < q; ++qi) {
                    y[((std::size_t(n) * sh.k + k) * p + pi) * q + qi]
                        = op.y[((std::size_t(n) * p + pi) * q + qi) * sh.k + k];
                }
            }
        }
    }
}

} // namespace

unsigned cpuThreadCount()
{
    return std::max(1u, std::thread::hardware_concurrency());
}

void convolveOnCpu(
    const ConvShape& shape, TensorLayout layout, const float* x, const float* w, float* y, unsigned threads)
{
    if (!shape.valid()) {
        return;
    }
    Operands op = prepare(shape, layout, x, w);
    const int blocks = op.paddedK / kChannelBlock;
    const long long rows = static_cast<long long>(shape.n) * shape.p();
    const long long tasks = rows * blocks;
    std::atomic<long long> next{0};
    // Block-major: neighbouring tasks share one block of filters, which stays in cache while the rows stream by.
    auto work = [&] {
        for (long long task = next++; task < tasks; task = next++) {
            const int block = static_cast<int>(task / rows);
            const long long row = task % rows;
            convolveRow(
                op, static_cast<int>(row / shape.p()), static_cast<int>(row % shape.p()), block * kChannelBlock);
        }
    };

    const unsigned count = static_cast<unsigned>(
        std::min<long long>(threads == 0 ? cpuThreadCount() : threads, std::max<long long>(tasks, 1)));
    std::vector<std::thread> helpers;
    helpers.reserve(count - 1);
    for (unsigned i = 1; i < count; ++i) {
        try {
            helpers.emplace_back(work);
        } catch (const std::system_error&) {
            break; // fewer threads: slower, still right
        }
    }
    work(); // this thread takes a share too
    for (std::thread& helper : helpers) {
        helper.join();
    }
    writeOutput(op, layout, y);
}

} // namespace cudnnsetup::runtime
