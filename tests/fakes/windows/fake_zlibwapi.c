/* Fake zlibwapi.dll (the ZLIB DLL cuDNN 8.3-8.9 needs on Windows): one export, for dependency tests. */
__declspec(dllexport) const char* zlibVersion(void)
{
    return "1.2.13-fake";
}
