/* A fake DLL whose import tables are the test: it imports what the -D switches name, so the binary-image parser and
 * the dependency walker meet real mingw-w64 import and delay-import tables.
 *   FAKE_IMPORTS_ZLIB     import zlibVersion from zlibwapi.dll (as cuDNN 8.3-8.9 sub-libraries do)
 *   FAKE_DELAY_CUBLASLT   delay-import cublasLtGetVersion from cublasLt64_12.dll
 *   FAKE_IMPORTS_VCRT     import from vcruntime140.dll and msvcp140.dll (the VC++ runtime) */
#ifdef FAKE_IMPORTS_ZLIB
__declspec(dllimport) const char* zlibVersion(void);
__declspec(dllexport) const char* fakeZlibVersion(void)
{
    return zlibVersion();
}
#endif

#ifdef FAKE_DELAY_CUBLASLT
__declspec(dllimport) unsigned long long cublasLtGetVersion(void);
__declspec(dllexport) unsigned long long fakeCublasLtVersion(void)
{
    return cublasLtGetVersion();
}
#endif

#ifdef FAKE_IMPORTS_VCRT
__declspec(dllimport) const char* __std_type_info_name(void*, void*);
__declspec(dllimport) long long _Query_perf_frequency(void);
__declspec(dllexport) long long fakeVcrt(void)
{
    return _Query_perf_frequency() + (__std_type_info_name(0, 0) != 0);
}
#endif

__declspec(dllexport) int fakeImporterLoaded(void)
{
    return 1;
}
