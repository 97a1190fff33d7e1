#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

/** One 2-D convolution's geometry (cross-correlation, as every framework computes it), and how tensors lie in memory.
 */
namespace cudnnsetup::runtime {

/** NCHW: x[n][c][h][w], filters w[k][c][r][s]. NHWC: x[n][h][w][c], filters w[k][r][s][c] (cuDNN's KRSC). */
enum class TensorLayout { Nchw, Nhwc };

struct ConvShape
{
    int n = 1; // images
    int c = 1; // input channels
    int h = 1;
    int w = 1;
    int k = 1; // output channels
    int r = 1; // filter height
    int s = 1; // filter width
    int padH = 0;
    int padW = 0;
    int strideH = 1;
    int strideW = 1;

    int p() const { return (h + 2 * padH - r) / strideH + 1; } // output height
    int q() const { return (w + 2 * padW - s) / strideW + 1; } // output width
    bool valid() const
    {
        return n > 0 && c > 0 && h > 0 && w > 0 && k > 0 && r > 0 && s > 0 && padH >= 0 && padW >= 0 && strideH > 0
            && strideW > 0 && p() > 0 && q() > 0;
    }

    std::size_t inputElements() const { return std::size_t(n) * c * h * w; }
    std::size_t filterElements() const { return std::size_t(k) * c * r * s; }
    std::size_t outputElements() const { return std::size_t(n) * k * p() * q(); }
    /** Multiply and add counted as two operations: 2*N*K*C*R*S*P*Q. */
    double flops() const { return 2.0 * n * k * c * r * s * p() * q(); }

    /** The same convolution over `images` images. */
    ConvShape withBatch(int images) const
    {
        ConvShape shape = *this;
        shape.n = images;
        return shape;
    }
};

} // namespace cudnnsetup::runtime
