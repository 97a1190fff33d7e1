<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ArchiveReader</name>
    <message>
        <source>not a zip, tar.xz or tar.gz archive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be opened for reading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable archive</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the gzip stream ends early</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConflictFinder</name>
    <message>
        <source>Put %1 first in the user PATH (the user-scope fix does this).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put %1 first on LD_LIBRARY_PATH and the toolkit&apos;s bin first on PATH in the login profile (the user-scope fix does this).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put %1 before %2 in the machine PATH (administrator rights: the machine-scope fix), or quarantine %3 if nothing else needs it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quarantine %1 (renamed aside, can be undone; administrator rights: the machine-scope fix). No PATH entry comes before %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a KnownDLL: Windows always loads the System32 copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>That program loads its own copy from %1 whatever the search path says; update the copy there (for pip-installed PyTorch: install the wheel built for this CUDA). No environment change can help.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ContentAnalysis</name>
    <message>
        <source>The archive mixes libraries built for different systems: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use an unmodified archive from NVIDIA.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The archive holds no cuDNN libraries or headers this program recognises.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the cuDNN archive (cudnn-&lt;system&gt;-&lt;arch&gt;-&lt;version&gt;_cuda&lt;N&gt;-archive) from NVIDIA&apos;s cuDNN download page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This program does not know the file list of cuDNN %1, so it cannot tell whether files are missing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The archive lacks files every cuDNN %1 installation has: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the complete archive from NVIDIA; programs that use cuDNN load these files at run time and fail without them.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The link chain %1 does not end at a file in the archive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use an unmodified archive from NVIDIA; a broken link installs a library that cannot be loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The archive&apos;s own folder is named &quot;%1&quot;; rename the file to match, or download the build you meant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename the file to what it contains, or download the build you meant.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The name &quot;%1&quot; is not one NVIDIA uses; the archive&apos;s contents decide what it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>folder name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 says cuDNN %2, but %3 says %4.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 says the build is for CUDA %2, but its libraries load CUDA %3 libraries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 says %2, but the libraries are built for %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; was renamed: the archive&apos;s folder is &quot;%2&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CudnnInstallScanner</name>
    <message>
        <source>cuDNN %1 in %2 is a major version this program does not know.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update cudnn-setup.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN %1 headers are in %2 but none of its libraries are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN %1 in %2 is missing %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall cuDNN from its archive (repair can restore the files).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a link to %2, which does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall cuDNN, or point the link at the library file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is empty (a blocked or interrupted copy).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy it again from the cuDNN archive (repair can restore it).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not readable by all users, so other accounts cannot load it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run: chmod a+r %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a copy of %2 instead of a link to it (copied without keeping links); ldconfig reports it as &quot;not a symbolic link&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Replace the copy by a link: ln -sf %1 %2 (repair does this).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 holds cuDNN library files of several versions (%2); the sub-libraries will refuse to work together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Uninstall the older files or reinstall one cuDNN version.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cuDNN headers in %1 say %2 but the libraries are %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall one cuDNN version so headers and libraries match.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Programs can load cuDNN from %1, but building against it needs %2 in lib\x64.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall cuDNN from its archive to add the import libraries.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Detector</name>
    <message>
        <source>Driver %1 is older than CUDA %2 asks for (%3); it runs through minor version compatibility, without PTX JIT of newer code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update the driver to %1 or newer for full support.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Driver %1 is too old for CUDA %2 in %3, which needs %4 or newer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiagnosticList</name>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>解决方法：%1</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>未发现问题。</translation>
    </message>
</context>
<context>
    <name>DriverDetector</name>
    <message>
        <source>cudnn-probe was not found next to this program (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall cudnn-setup; without the probe the driver is asked through nvidia-smi only.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NVIDIA driver did not answer within %1 seconds.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the machine; if it persists, reinstall the driver.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading the driver libraries failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall the NVIDIA driver.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No NVIDIA driver found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No NVIDIA driver found (%1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your GPU; cuDNN can be installed now, but nothing runs on the GPU without a driver.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NVIDIA driver is installed but not working: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the GPU is visible (nvidia-smi) and restart after a driver update.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EntrySafety</name>
    <message>
        <source>The archive entry &quot;%1&quot; is unsafe: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it has no name</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is an absolute path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it climbs out of its folder with &quot;..&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a device, pipe or socket, not a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a link to &quot;%1&quot;, outside its own folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it is a hard link to &quot;%1&quot;, which is not an earlier entry in its own folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>it lies below &quot;%1&quot;, which is a symbolic link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the archive holds it twice; which copy lands depends on order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>its name differs from &quot;%1&quot; only in letter case, and Windows cannot keep both</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnvironmentChange</name>
    <message>
        <source>Cannot keep a backup of the environment in %1; nothing was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Windows did not confirm the environment change (%1); sign out and in if new programs still see the old PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ldconfig failed, so the loader cache was not rebuilt: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart open terminals and IDEs: only programs started from now on see the change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a new login shell (or sign out and in): running shells keep the old environment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some environment changes could not be taken back: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not an environment change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>An environment step in the manifest is incomplete.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnvironmentConflict</name>
    <message>
        <source>nowhere</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new program loading %1 gets %2, not the target toolkit&apos;s copy.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new program cannot find %1 at all.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new program loading %1 gets %2, which a user PATH change cannot override.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is loaded from %2 regardless of any search path.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnvironmentService</name>
    <message>
        <source>The plan cannot be applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>EnvironmentStep</name>
    <message>
        <source>%1 changed after the plan was made; analyse again before applying.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown environment step &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot restore %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was changed after cudnn-setup wrote it; it is left as it is now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was changed after cudnn-setup wrote it; only the entries cudnn-setup added were taken out, later changes are kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot remove %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the folder of %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was edited after cudnn-setup wrote it; only the cudnn-setup block was taken out.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot rename %1 to %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is in the way; move it before quarantining %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was not put back: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a file of that name exists again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the quarantined copy is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot point %1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 was pointed elsewhere after cudnn-setup changed it; it is left as it is now.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>InstallPlanner</name>
    <message>
        <source>%1 leads outside the toolkit folder %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the toolkit&apos;s folder links, or install into another toolkit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is a folder, but the package has a file there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move the folder away, then install again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 and %2 would both be written to %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use an unmodified archive from NVIDIA.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LinuxEnvironmentAnalysis</name>
    <message>
        <source>Your login shell, %1, does not read %2; only programs started from sh-compatible login sessions and graphical sessions see the change.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the toolkit&apos;s bin to PATH and its lib64 to LD_LIBRARY_PATH in your shell&apos;s own start-up file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/usr/local/cuda does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/usr/local/cuda points at %1, not at the target toolkit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Build scripts that use /usr/local/cuda get that toolkit; retarget the link in machine scope if they should get this one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pip-installed PyTorch ignores all of this: its RPATH points at its own nvidia-cudnn wheel.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a new login shell, or sign out and in for graphical programs: running shells keep their environment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a new login shell for the PATH change; the loader cache applies to new programs at once.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PackageInspector</name>
    <message>
        <source>The archive %1 is cut short: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The archive %1 is damaged: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read as a cuDNN archive: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No checksum lies beside the archive, so its SHA-256 was not compared.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put NVIDIA&apos;s redistrib_&lt;version&gt;.json or a &lt;archive&gt;.sha256 file next to the archive to have it checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The archive&apos;s SHA-256 is %1, but %2 says %3: it is not the file NVIDIA published.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the archive again; if it still differs, do not install it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The SHA-256 matches %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the package</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PackagePicker</name>
    <message>
        <source>No cuDNN archive was found at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the path of a cuDNN .zip or .tar.xz archive, or of a folder that holds one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No CUDA toolkit was found at %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No CUDA toolkit was found on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the CUDA toolkit first, or name its folder with --cuda-root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None of the archives can be installed into the toolkit; each one&apos;s reasons are listed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the first reason given for the archive you want, or download a build that fits.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The package fits more than one CUDA toolkit equally well: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name the toolkit to install into with --cuda-root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No toolkit to install into.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It fits, but the toolkit to install into is ambiguous.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is the same file as %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It fits as well as %1, which comes first by name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It fits, but with warnings that %1 does not have.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN %1 is older than the chosen %2.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PackageValidator</name>
    <message>
        <source> for CUDA %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN %1 is not in this program&apos;s release table; only its CUDA major and the toolkit&apos;s driver are checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check NVIDIA&apos;s cuDNN support matrix for this release.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is the %1 build of %2; this machine runs %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the %1 archive of the same release (cudnn-%1-...-archive).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The libraries are built for %1 processors; this machine is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download the %1 archive of the same release.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The CUDA version of the toolkit at %1 is unknown, so the package&apos;s CUDA build cannot be checked against it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make sure the toolkit has version.json or include/cuda.h.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Neither the name nor the libraries of %1 say which CUDA it was built for.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the archive under its original NVIDIA name, which ends in _cuda&lt;N&gt;-archive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the cuda%1 build of the same release: %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This release has no build for CUDA %1; choose a cuDNN release built for CUDA %1, or install into a CUDA %2 toolkit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is %1; your toolkit is %2.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 works with CUDA %2; your toolkit is %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the cuDNN build made for your toolkit&apos;s CUDA version, or a toolkit in the range this build supports.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No NVIDIA driver was found, so it cannot be checked; cuDNN needs one to run.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your GPU before using cuDNN.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is older than %2, the oldest that runs %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>any CUDA %1 toolkit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is older than %2, which CUDA %3 asks for; it runs through minor version compatibility, without PTX JIT of newer code.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer for full CUDA %2 support.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this cuDNN build</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No NVIDIA GPU was found, so compute capability was not checked.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN runs only on an NVIDIA GPU; check that the driver sees yours (nvidia-smi).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 with a CUDA %2 toolkit supports compute capability %3; %4 is older.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use an older cuDNN release, or a CUDA 12 toolkit and build, that still supports this GPU (see NVIDIA&apos;s cuDNN support matrix).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 supports compute capability %2; %3 is newer than it knows.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use a newer cuDNN release that lists this GPU in NVIDIA&apos;s support matrix.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cuDNN %1 on Windows loads zlibwapi.dll, which it does not ship; without it programs stop with &quot;Could not locate zlibwapi.dll&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the ZLIB DLL (zlib123dllx64.zip, dll_x64\zlibwapi.dll) into a folder on PATH, e.g. the toolkit&apos;s bin folder, as NVIDIA&apos;s install guide describes; or use cuDNN 9.2 or newer, which links zlib statically.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message>
        <source>cudnn-setup</source>
        <translation>cudnn-setup</translation>
    </message>
</context>
<context>
    <name>SystemPage</name>
    <message>
        <source>&amp;Look again</source>
        <translation>重新检测(&amp;L)</translation>
    </message>
    <message>
        <source>Your system</source>
        <translation>您的系统</translation>
    </message>
    <message>
        <source>The NVIDIA driver, GPUs, CUDA toolkits and cuDNN found on this machine.</source>
        <translation>在本机找到的 NVIDIA 驱动、GPU、CUDA 工具包和 cuDNN。</translation>
    </message>
    <message>
        <source>Detected components</source>
        <translation>检测到的组件</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Looking at this machine…</source>
        <translation>正在检测本机…</translation>
    </message>
    <message>
        <source>unknown version</source>
        <translation>版本未知</translation>
    </message>
    <message>
        <source>%1 — runs CUDA up to %2</source>
        <translation>%1 — 最高支持 CUDA %2</translation>
    </message>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驱动</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1, compute capability %2, %3 GiB</source>
        <translation>%1，计算能力 %2，%3 GiB</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>CUDA toolkit</source>
        <translation>CUDA 工具包</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到任何工具包</translation>
    </message>
    <message>
        <source>(active)</source>
        <translation>（当前使用）</translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <source>not installed yet</source>
        <translation>尚未安装</translation>
    </message>
    <message>
        <source>in the toolkit %1</source>
        <translation>位于工具包 %1</translation>
    </message>
    <message>
        <source>on the library search path in %1</source>
        <translation>位于库搜索路径 %1</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>不完整</translation>
    </message>
    <message>
        <source>Some problems need attention; see the findings below.</source>
        <translation>有些问题需要处理，请查看下方的检查结果。</translation>
    </message>
    <message>
        <source>Detection finished with warnings.</source>
        <translation>检测完成，但有警告。</translation>
    </message>
    <message>
        <source>Detection finished.</source>
        <translation>检测完成。</translation>
    </message>
</context>
<context>
    <name>ToolkitLocator</name>
    <message>
        <source>%1 is a link to %2, which does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Point it at an installed toolkit or remove it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a CUDA toolkit (no bin/nvcc, include/cuda.h or version file).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pass the folder that contains the toolkit&apos;s bin and include folders.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 points at %2, which is not a CUDA toolkit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reinstall that toolkit or remove the stale %1 setting.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot tell the CUDA version of %1: no version.json, version.txt, cuda.h or working nvcc.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Repair or reinstall this toolkit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No CUDA toolkit was found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Install the CUDA toolkit first (cuDNN is added to a toolkit), or name it with --cuda-root.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the first nvcc on PATH is in %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CUDA_PATH is %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/usr/local/cuda points to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The toolkit pointers disagree: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Decide which toolkit gets cuDNN and make PATH, CUDA_PATH and /usr/local/cuda point at it (the environment step can do this).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Several toolkits are installed and none is on PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the target toolkit with --cuda-root.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <source>Welcome to cudnn-setup</source>
        <translation>欢迎使用 cudnn-setup</translation>
    </message>
    <message>
        <source>Installs NVIDIA cuDNN into your CUDA toolkit, fixes the search path, and proves it works.</source>
        <translation>将 NVIDIA cuDNN 安装到您的 CUDA 工具包中，修正搜索路径，并验证它确实可用。</translation>
    </message>
    <message>
        <source>The wizard looks at your driver, GPUs and CUDA toolkits, checks that the cuDNN archive fits them, copies its files in one step that can be undone, and finally runs a convolution on your GPU. Nothing is changed before you confirm the plan.</source>
        <translation>向导会检查您的驱动、GPU 和 CUDA 工具包，确认 cuDNN 压缩包与它们匹配，以可撤销的一步复制其文件，最后在您的 GPU 上运行一次卷积。在您确认安装计划之前，不会做任何改动。</translation>
    </message>
    <message>
        <source>&amp;Install cuDNN into a CUDA toolkit</source>
        <translation>安装 cuDNN 到 CUDA 工具包(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Repair: find what is broken and fix it</source>
        <translation>修复：找出问题并修好(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Switch to another cuDNN version, or uninstall</source>
        <translation>切换到另一个 cuDNN 版本，或卸载(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Deploy the runtime libraries next to an application</source>
        <translation>将运行库部署到应用程序旁边(&amp;D)</translation>
    </message>
</context>
<context>
    <name>WindowsEnvironmentAnalysis</name>
    <message>
        <source>%1 cannot be read (%2), so it is left alone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the value with regedit; cudnn-setup never writes over a value it cannot read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 would be %2 characters long, past Windows&apos; limit of %3; it is left as it is.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove entries that are no longer needed, then run the fix again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The PATH a new program gets would be %1 characters long; cmd.exe drops a PATH longer than %2, and every command in it then fails.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove entries that are no longer needed from the machine or user PATH.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your user variable %1 (%2) overrides the machine value for your account.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the user-scope fix without administrator rights, or delete the user variable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Python 3.8 and later ignore PATH when loading the DLLs of extension modules, and pip-installed PyTorch loads the cuDNN in its own torch\lib folder: neither is changed by this. PATH matters to programs that load cuDNN by name: C++ programs, ONNX Runtime&apos;s C API, OpenCV.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Some stale copies sit in the machine PATH or in System32, which a user PATH change cannot beat: run the machine-scope fix as administrator.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open terminals and IDEs keep the environment they started with: restart them after applying.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ZipReader</name>
    <message>
        <source>the zip directory is unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the zip directory at the end of the file is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the zip directory is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a symbolic link&apos;s target is implausibly long</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entry&apos;s local header is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entry uses a compression method or encryption this program does not read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the compressed data is damaged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the data does not match its CRC-32</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the entry ends before its declared size</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
