/* Shared by the fake CUDA runtime and the fake cuDNN: what a fake stream is, so the fake cuDNN can queue its work
 * into a CUDA graph being captured, as the real one does. Test doubles only. */
#ifndef CUDNN_SETUP_FAKE_STREAM_H
#define CUDNN_SETUP_FAKE_STREAM_H

#ifdef __cplusplus
extern "C" {
#endif

#define FAKE_STREAM_MAGIC 0x5754524Du /* tells a fake stream from anything else handed over */

typedef void (*FakeHostFn)(void* data);
struct FakeGraphNodes;

struct CUstream_st
{
    unsigned magic;
    int capturing; /* between cudaStreamBeginCapture and cudaStreamEndCapture */
    struct FakeGraphNodes* captured;
    /* Runs fn(data) now, or records it into the graph being captured (cudaLaunchHostFunc). Returns a cudaError_t. */
    int (*launchHostFunc)(struct CUstream_st* stream, FakeHostFn fn, void* data);
};

#ifdef __cplusplus
}
#endif

#endif
