/* Shared by the fake NVIDIA libraries: how a fake exports a function with the real library's calling convention.
 * Test doubles only; never part of the product. */
#ifndef CUDNN_SETUP_FAKE_EXPORT_H
#define CUDNN_SETUP_FAKE_EXPORT_H

#ifdef _WIN32
#define FAKE_EXPORT __declspec(dllexport)
#define FAKE_STDCALL __stdcall
#else
#define FAKE_EXPORT __attribute__((visibility("default")))
#define FAKE_STDCALL
#endif

#endif
