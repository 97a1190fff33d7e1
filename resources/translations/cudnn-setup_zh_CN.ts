<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ArchiveReader</name>
    <message>
        <source>not a zip, tar.xz or tar.gz archive</source>
        <translation>不是 zip、tar.xz 或 tar.gz 压缩包</translation>
    </message>
    <message>
        <source>unreadable archive</source>
        <translation>压缩包无法读取</translation>
    </message>
    <message>
        <source>the gzip stream ends early</source>
        <translation>gzip 数据流提前结束</translation>
    </message>
    <message>
        <source>the zip directory is unreadable</source>
        <translation>zip 目录无法读取</translation>
    </message>
    <message>
        <source>the zip directory at the end of the file is missing</source>
        <translation>文件末尾缺少 zip 目录</translation>
    </message>
    <message>
        <source>a symbolic link&apos;s target is implausibly long</source>
        <translation>符号链接的目标长度不合常理</translation>
    </message>
    <message>
        <source>the data does not match its CRC-32</source>
        <translation>数据与其 CRC-32 校验值不符</translation>
    </message>
    <message>
        <source>the xz stream ends early</source>
        <translation>xz 数据流提前结束</translation>
    </message>
    <message>
        <source>the data is not in the xz format</source>
        <translation>数据不是 xz 格式</translation>
    </message>
    <message>
        <source>the xz stream uses options this liblzma does not know</source>
        <translation>该 xz 数据流使用了此 liblzma 不认识的选项</translation>
    </message>
    <message>
        <source>out of memory while decompressing</source>
        <translation>解压时内存不足</translation>
    </message>
    <message>
        <source>the xz data is damaged (a check failed)</source>
        <translation>xz 数据已损坏（校验未通过）</translation>
    </message>
    <message>
        <source>%1 is not a folder</source>
        <translation>%1 不是文件夹</translation>
    </message>
</context>
<context>
    <name>BenchmarkChart</name>
    <message>
        <source>Benchmark chart</source>
        <translation>基准测试图表</translation>
    </message>
    <message>
        <source>Time per forward pass (ms, lower is better)</source>
        <translation>每次前向传播耗时（毫秒，越低越好）</translation>
    </message>
    <message>
        <source>%1 — time per forward pass (ms, lower is better)</source>
        <translation>%1 — 每次前向传播耗时（毫秒，越低越好）</translation>
    </message>
    <message>
        <source>GPU (cuDNN)</source>
        <translation>GPU（cuDNN）</translation>
    </message>
    <message>
        <source>CPU (same convolution)</source>
        <translation>CPU（相同的卷积）</translation>
    </message>
</context>
<context>
    <name>BenchmarkPage</name>
    <message>
        <source>Run &amp;again</source>
        <translation>再次运行(&amp;A)</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>解决方法：%1</translation>
    </message>
    <message>
        <source>A small test model runs on your GPU through cuDNN, and the same work on the CPU.</source>
        <translation>一个小型测试模型通过 cuDNN 在你的 GPU 上运行，同样的计算也在 CPU 上运行。</translation>
    </message>
    <message>
        <source>Two 3×3 convolutions on a 224×224 image. Well under 20 ms on an RTX 3060 Ti means cuDNN is used; 150 ms or more means it is not.</source>
        <translation>对一张 224×224 的图像做两次 3×3 卷积。在 RTX 3060 Ti 上远低于 20 毫秒说明 cuDNN 在起作用；150 毫秒或更长则说明没有。</translation>
    </message>
    <message>
        <source>Details from the test program, in its own words: %1</source>
        <translation>测试程序的原始说明（英文）：%1</translation>
    </message>
    <message>
        <source>&amp;Skip</source>
        <translation>跳过(&amp;S)</translation>
    </message>
    <message>
        <source>Benchmark progress</source>
        <translation>基准测试进度</translation>
    </message>
    <message>
        <source>Stop the benchmark now and keep the cases measured so far.</source>
        <translation>立即停止基准测试，保留已测得的用例。</translation>
    </message>
    <message>
        <source>Starting the test program…</source>
        <translation>正在启动测试程序…</translation>
    </message>
    <message>
        <source>Running convolutions on the GPU and on the CPU, one case after another. Skip stops it and keeps what was measured.</source>
        <translation>正在 GPU 和 CPU 上逐个用例运行卷积。“跳过”会停止测试并保留已测得的结果。</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>%1 of %2 cases measured</source>
        <translation>已测得 %1/%2 个用例</translation>
    </message>
    <message>
        <source>Case %1 of %2: %3</source>
        <translation>第 %1 个用例（共 %2 个）：%3</translation>
    </message>
</context>
<context>
    <name>BenchmarkResult</name>
    <message>
        <source>Let repair find what is broken.</source>
        <translation>让修复功能找出哪里坏了。</translation>
    </message>
    <message>
        <source>Check which cuDNN the program loads (repair lists them) and that the GPU is not busy or throttled.</source>
        <translation>检查程序加载的是哪个 cuDNN（修复功能会把它们列出来），并确认 GPU 没有被占用或降频。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your GPU, then run the benchmark again.</source>
        <translation>为您的 GPU 安装 NVIDIA 驱动，然后重新运行基准测试。</translation>
    </message>
    <message>
        <source>cuDNN is active: %1× faster than the CPU.</source>
        <translation>cuDNN 已启用：比 CPU 快 %1 倍。</translation>
    </message>
    <message>
        <source>Slow: cuDNN is probably not being used.</source>
        <translation>速度慢：cuDNN 很可能没有被使用。</translation>
    </message>
    <message>
        <source>The results are wrong: cuDNN or the GPU computes incorrect convolutions.</source>
        <translation>结果错误：cuDNN 或 GPU 计算出的卷积不正确。</translation>
    </message>
    <message>
        <source>No NVIDIA GPU is available, so cuDNN cannot be measured.</source>
        <translation>没有可用的 NVIDIA GPU，因此无法测量 cuDNN。</translation>
    </message>
    <message>
        <source>No NVIDIA driver was found, so cuDNN cannot be measured.</source>
        <translation>未找到 NVIDIA 驱动，因此无法测量 cuDNN。</translation>
    </message>
    <message>
        <source>cuDNN failed to load.</source>
        <translation>cuDNN 加载失败。</translation>
    </message>
    <message>
        <source>The CUDA runtime failed to load.</source>
        <translation>CUDA 运行时加载失败。</translation>
    </message>
    <message>
        <source>cuDNN reported an error during the convolutions.</source>
        <translation>cuDNN 在执行卷积时报告了错误。</translation>
    </message>
    <message>
        <source>The CUDA runtime reported an error during the convolutions.</source>
        <translation>CUDA 运行时在执行卷积时报告了错误。</translation>
    </message>
    <message>
        <source>The benchmark could not be run.</source>
        <translation>无法运行基准测试。</translation>
    </message>
    <message>
        <source>Results are wrong in %1 (found before the benchmark was stopped).</source>
        <translation>%1 的结果错误（在基准测试停止前发现）。</translation>
    </message>
    <message>
        <source>It was still finishing cases when its %1 seconds were up.</source>
        <translation>到 %1 秒时限时，它仍在逐个完成用例。</translation>
    </message>
    <message>
        <source>Stopped as asked: %1 of %2 cases measured.</source>
        <translation>已按要求停止：测得 %1/%2 个用例。</translation>
    </message>
    <message>
        <source>Not finished in time: %1 of %2 cases measured. The computer is slow; nothing hangs, every case finished.</source>
        <translation>未能按时完成：测得 %1/%2 个用例。这台计算机较慢；没有任何调用卡住，每个用例都已完成。</translation>
    </message>
    <message>
        <source>So far the GPU is %1× as fast as the CPU.</source>
        <translation>目前 GPU 的速度是 CPU 的 %1 倍。</translation>
    </message>
    <message>
        <source>Run the benchmark again to measure every case.</source>
        <translation>再次运行基准测试以测量所有用例。</translation>
    </message>
    <message>
        <source>Run the benchmark again when the computer is not busy, or skip it: this machine needs more time than it was given.</source>
        <translation>请在计算机空闲时再次运行基准测试，或跳过它：这台机器需要比给定时间更长的时间。</translation>
    </message>
    <message>
        <source>The benchmark stopped making progress and was ended: a driver or cuDNN call probably hangs.</source>
        <translation>基准测试不再有进展，已被结束：很可能是某个驱动或 cuDNN 调用卡住了。</translation>
    </message>
    <message>
        <source>Stopped as asked, before the first case was measured.</source>
        <translation>已按要求停止，尚未测得任何用例。</translation>
    </message>
    <message>
        <source>Not finished in time: no case was measured yet.</source>
        <translation>未能按时完成：尚未测得任何用例。</translation>
    </message>
</context>
<context>
    <name>BenchmarkRunner</name>
    <message>
        <source>The benchmark did not finish within %1 seconds.</source>
        <translation>基准测试未在 %1 秒内完成。</translation>
    </message>
    <message>
        <source>The benchmark could not run: %1</source>
        <translation>基准测试无法运行：%1</translation>
    </message>
    <message>
        <source>The benchmark was not run with administrator rights, since others can change the libraries it would load (%1).</source>
        <translation>未以管理员权限运行基准测试，因为它要加载的库可被他人更改（%1）。</translation>
    </message>
    <message>
        <source>Measuring convolutions</source>
        <translation>正在测量卷积</translation>
    </message>
    <message>
        <source>cudnn-probe ended with exit code %1 and wrote no report.</source>
        <translation>cudnn-probe 以退出码 %1 结束，没有写出报告。</translation>
    </message>
</context>
<context>
    <name>CauseFinder</name>
    <message>
        <source>A program started in this terminal</source>
        <translation>在此终端中启动的程序</translation>
    </message>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%3 中的 %1 %2</translation>
    </message>
    <message>
        <source>cuDNN %1 in the CUDA toolkit %2</source>
        <translation>CUDA 工具包 %2 中的 cuDNN %1</translation>
    </message>
    <message>
        <source>cuDNN %1 of NVIDIA&apos;s installer in %2</source>
        <translation>%2 中由 NVIDIA 安装程序安装的 cuDNN %1</translation>
    </message>
    <message>
        <source>cuDNN %1 of the system package %2</source>
        <translation>系统软件包 %2 中的 cuDNN %1</translation>
    </message>
    <message>
        <source>cuDNN %1 of the pip package %2 in %3</source>
        <translation>%3 中 pip 软件包 %2 的 cuDNN %1</translation>
    </message>
    <message>
        <source>cuDNN %1 of conda&apos;s %2 package in %3</source>
        <translation>%3 中 conda 软件包 %2 的 cuDNN %1</translation>
    </message>
    <message>
        <source>cuDNN %1 beside a program in %2</source>
        <translation>%2 中与程序放在一起的 cuDNN %1</translation>
    </message>
    <message>
        <source>cuDNN %1 in %2</source>
        <translation>%2 中的 cuDNN %1</translation>
    </message>
    <message>
        <source>Detection found it: %1</source>
        <translation>检测结果：%1</translation>
    </message>
    <message>
        <source>%1 (or %2)</source>
        <translation>%1（或 %2）</translation>
    </message>
    <message>
        <source>%1 finds %2 at %3, but it is not a library it can load: %4.</source>
        <translation>%1 在 %3 找到了 %2，但它不是可以加载的库：%4。</translation>
    </message>
    <message>
        <source>The loader&apos;s search reaches it through %1.</source>
        <translation>加载器是通过 %1 搜索到它的。</translation>
    </message>
    <message>
        <source>Copy the file again from the package it came from (repair restores files cudnn-setup installed).</source>
        <translation>请从该文件所属的软件包中重新复制它（修复会还原 cudnn-setup 安装的文件）。</translation>
    </message>
    <message>
        <source>%1 finds %2 at %3, but this user may not read it.</source>
        <translation>%1 在 %3 找到了 %2，但当前用户没有读取它的权限。</translation>
    </message>
    <message>
        <source>The file&apos;s permissions do not let this user read it (a copy made with sudo, or under a umask of 077).</source>
        <translation>该文件的权限不允许当前用户读取（可能是用 sudo 复制的，或是在 umask 为 077 时复制的）。</translation>
    </message>
    <message>
        <source>Make it readable for every user: chmod a+r %1 (and a+rx on its folders).</source>
        <translation>请让所有用户都能读取它：chmod a+r %1（并对其所在的各级文件夹执行 a+rx）。</translation>
    </message>
    <message>
        <source>%1 gets %2 from %3, which loads here with everything it needs.</source>
        <translation>%1 从 %3 得到 %2，它在本机上可以正常加载，所需的依赖也都齐全。</translation>
    </message>
    <message>
        <source>A new login would not find %1: it is found only through this terminal&apos;s %2.</source>
        <translation>新登录的会话找不到 %1：只有通过此终端的 %2 才能找到它。</translation>
    </message>
    <message>
        <source>%1 does not find %2 although %3 lists its folder %4: the loader cache was not rebuilt since the file was put there.</source>
        <translation>尽管 %3 中列出了 %2 所在的文件夹 %4，%1 仍找不到它：文件放到那里之后，加载器缓存没有重建。</translation>
    </message>
    <message>
        <source>%1 is there, but /etc/ld.so.cache does not list it.</source>
        <translation>%1 就在那里，但 /etc/ld.so.cache 中没有列出它。</translation>
    </message>
    <message>
        <source>Rebuild the loader cache as root (repair does it when run as root).</source>
        <translation>请以 root 身份重建加载器缓存（以 root 身份运行修复时会自动完成）。</translation>
    </message>
    <message>
        <source>%1 cannot find %2: this machine has it in %3, but that folder is not among the folders the program searches.</source>
        <translation>%1 找不到 %2：本机的 %3 中有它，但该文件夹不在程序搜索的文件夹之列。</translation>
    </message>
    <message>
        <source>%1 lies at %2.</source>
        <translation>%1 位于 %2。</translation>
    </message>
    <message>
        <source>%1 loads cuDNN by name from the library search path; a Python package&apos;s own folder is never on it (only torch finds its wheel&apos;s copy, through its RPATH).</source>
        <translation>%1 按名称从库搜索路径加载 cuDNN；Python 软件包自身的文件夹从不在该路径上（只有 torch 会通过它的 RPATH 找到其 wheel 中的副本）。</translation>
    </message>
    <message>
        <source>The program searched: %1.</source>
        <translation>程序搜索了：%1。</translation>
    </message>
    <message>
        <source>only the system folders</source>
        <translation>仅系统文件夹</translation>
    </message>
    <message>
        <source>A new login would find it at %1: the login profile puts it on the search path, but this terminal was started before that.</source>
        <translation>新登录的会话会在 %1 找到它：登录配置文件已把它加入搜索路径，但此终端是在那之前启动的。</translation>
    </message>
    <message>
        <source>Let repair put the toolkit&apos;s library folder on the search path (new logins and programs started after it find it).</source>
        <translation>请让修复把工具包的库文件夹加入搜索路径（之后新登录的会话和新启动的程序都能找到它）。</translation>
    </message>
    <message>
        <source>Add %1 itself (not its parent bin folder) to your Path, or let cudnn-setup install cuDNN into the CUDA toolkit.</source>
        <translation>请把 %1 本身（而不是它上一级的 bin 文件夹）加入您的 Path，或让 cudnn-setup 将 cuDNN 安装到 CUDA 工具包中。</translation>
    </message>
    <message>
        <source>Add %1 to your Path, or let cudnn-setup install cuDNN into the CUDA toolkit so every program finds it.</source>
        <translation>请把 %1 加入您的 Path，或让 cudnn-setup 将 cuDNN 安装到 CUDA 工具包中，使每个程序都能找到它。</translation>
    </message>
    <message>
        <source>Start the program with %1 on LD_LIBRARY_PATH, or let cudnn-setup install cuDNN into a CUDA toolkit and put it on the search path for every program.</source>
        <translation>请在 LD_LIBRARY_PATH 中加入 %1 后再启动该程序，或让 cudnn-setup 将 cuDNN 安装到 CUDA 工具包中，并为所有程序将其加入搜索路径。</translation>
    </message>
    <message>
        <source>ONNX Runtime 1.21 and later can also load the pip copy itself: call onnxruntime.preload_dlls() before creating a session.</source>
        <translation>ONNX Runtime 1.21 及更高版本也可以自行加载 pip 安装的副本：请在创建会话之前调用 onnxruntime.preload_dlls()。</translation>
    </message>
    <message>
        <source>%1 asks for cuDNN %2 (%3), but this machine has only cuDNN %4.</source>
        <translation>%1 需要 cuDNN %2（%3），但本机只有 cuDNN %4。</translation>
    </message>
    <message>
        <source>Install a %1 built for cuDNN %2 (%1 %3 or later), or install cuDNN %4 beside it.</source>
        <translation>请安装为 cuDNN %2 构建的 %1（%1 %3 或更高版本），或另外安装 cuDNN %4 与之并存。</translation>
    </message>
    <message>
        <source>Install cuDNN %1 for the program&apos;s CUDA (cudnn-setup installs it into a CUDA toolkit beside the cuDNN %2 already there), or use a build of the program made for cuDNN %2.</source>
        <translation>请为该程序所用的 CUDA 安装 cuDNN %1（cudnn-setup 会将其安装到 CUDA 工具包中，与已有的 cuDNN %2 并存），或改用为 cuDNN %2 构建的程序版本。</translation>
    </message>
    <message>
        <source>%1 cannot find %2, and no folder of this machine holds it.</source>
        <translation>%1 找不到 %2，本机也没有任何文件夹包含它。</translation>
    </message>
    <message>
        <source>Install cuDNN %1 for CUDA %2 (cudnn-setup installs it into a CUDA toolkit and puts it on the search path).</source>
        <translation>请安装适用于 CUDA %2 的 cuDNN %1（cudnn-setup 会将其安装到 CUDA 工具包中并加入搜索路径）。</translation>
    </message>
    <message>
        <source>Install cuDNN %1 (cudnn-setup installs it into a CUDA toolkit and puts it on the search path).</source>
        <translation>请安装 cuDNN %1（cudnn-setup 会将其安装到 CUDA 工具包中并加入搜索路径）。</translation>
    </message>
    <message>
        <source>Install zlib (Debian/Ubuntu: apt-get install zlib1g; Fedora/RHEL: dnf install zlib).</source>
        <translation>请安装 zlib（Debian/Ubuntu：apt-get install zlib1g；Fedora/RHEL：dnf install zlib）。</translation>
    </message>
    <message>
        <source>Install zlibwapi.dll (the ZLIB DLL, x64, that NVIDIA&apos;s cuDNN 8 install guide links to) into a folder on PATH, such as the CUDA toolkit&apos;s bin folder.</source>
        <translation>请将 zlibwapi.dll（NVIDIA cuDNN 8 安装指南所链接的 x64 版 ZLIB DLL）安装到 PATH 上的某个文件夹中，例如 CUDA 工具包的 bin 文件夹。</translation>
    </message>
    <message>
        <source>Install the CUDA toolkit (or the nvidia-* pip package) that provides %1, of the CUDA major the program was built for.</source>
        <translation>请安装提供 %1 的 CUDA 工具包（或 nvidia-* pip 软件包），其 CUDA 主版本须与构建该程序时所用的一致。</translation>
    </message>
    <message>
        <source>%1 loads %2, but %2 needs %3, which the loader finds nowhere.</source>
        <translation>%1 加载了 %2，但 %2 需要 %3，而加载器在任何地方都找不到它。</translation>
    </message>
    <message>
        <source>%1 finds %2 at %3, but %4 needs %5, which the loader finds nowhere.</source>
        <translation>%1 在 %3 找到了 %2，但 %4 需要 %5，而加载器在任何地方都找不到它。</translation>
    </message>
    <message>
        <source>%1 is needed by %2.</source>
        <translation>%2 需要 %1。</translation>
    </message>
    <message>
        <source>%1 is on this machine at %2, in a folder the program does not search.</source>
        <translation>本机的 %2 中有 %1，但该程序不会搜索这个文件夹。</translation>
    </message>
    <message>
        <source>Put %1 on the library search path for that program.</source>
        <translation>请为该程序把 %1 加入库搜索路径。</translation>
    </message>
    <message>
        <source>Install the CUDA runtime libraries this cuDNN was built for (the CUDA toolkit, or the matching nvidia-* pip packages), or put the folder that holds %1 on the library search path.</source>
        <translation>请安装构建此 cuDNN 时所用的 CUDA 运行时库（CUDA 工具包，或对应的 nvidia-* pip 软件包），或把包含 %1 的文件夹加入库搜索路径。</translation>
    </message>
    <message>
        <source>%1 from %2%3</source>
        <translation>%1 来自 %2%3</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>%1 gets its cuDNN %2 libraries from more than one copy: %3. cuDNN&apos;s parts only work with the parts of their own release.</source>
        <translation>%1 从不止一份副本中得到 cuDNN %2 的库：%3。cuDNN 的各个组成部分只能与同一版本的其他部分配合使用。</translation>
    </message>
    <message>
        <source>Found here: %1.</source>
        <translation>在这里找到：%1。</translation>
    </message>
    <message>
        <source>Take the folder that holds only some of cuDNN&apos;s libraries off the search path (or delete its cuDNN files), so that every library comes from one complete copy.</source>
        <translation>请把只包含部分 cuDNN 库的文件夹从搜索路径中移除（或删除其中的 cuDNN 文件），让所有库都来自同一份完整的副本。</translation>
    </message>
    <message>
        <source>%1 gets every cuDNN library from one copy here.</source>
        <translation>在本机上，%1 的所有 cuDNN 库都来自同一份副本。</translation>
    </message>
    <message>
        <source>%1 gets no cuDNN %2 here, so this machine would fail another way.</source>
        <translation>在本机上，%1 得不到 cuDNN %2，因此在本机上会以另一种方式出错。</translation>
    </message>
    <message>
        <source>%1 gets cuDNN %2 from %3 here, not %4: the message must come from another environment or machine: give cudnn-setup the message there.</source>
        <translation>在本机上，%1 从 %3 得到 cuDNN %2，而不是 %4：这条报错一定来自其他环境或机器，请在那里把报错信息交给 cudnn-setup。</translation>
    </message>
    <message>
        <source>%1 gets cuDNN %2 from %3.</source>
        <translation>%1 从 %3 得到 cuDNN %2。</translation>
    </message>
    <message>
        <source>%1 was built with cuDNN %2 but gets cuDNN %3 from %4: a build for one major does not work with another.</source>
        <translation>%1 是用 cuDNN %2 构建的，却从 %4 得到了 cuDNN %3：为某个主版本构建的程序不能搭配另一个主版本使用。</translation>
    </message>
    <message>
        <source>The copy it gets: cuDNN %1 (%2).</source>
        <translation>它得到的副本：cuDNN %1（%2）。</translation>
    </message>
    <message>
        <source>Install cuDNN %1 for the program (or a build of the program made for cuDNN %2).</source>
        <translation>请为该程序安装 cuDNN %1（或安装为 cuDNN %2 构建的程序版本）。</translation>
    </message>
    <message>
        <source>%1 was built with cuDNN %2 but gets the older cuDNN %3 from %4, which comes first; %5 would fit but loses.</source>
        <translation>%1 是用 cuDNN %2 构建的，却从排在前面的 %4 得到了较旧的 cuDNN %3；%5 本来适用，但排在后面，没有被加载。</translation>
    </message>
    <message>
        <source>The copy that would fit: %1.</source>
        <translation>合适的副本：%1。</translation>
    </message>
    <message>
        <source>Take %1 off the search path (or upgrade that copy to %2 or newer), so the program gets %3.</source>
        <translation>请把 %1 从搜索路径中移除（或将该副本升级到 %2 或更高版本），使程序得到 %3。</translation>
    </message>
    <message>
        <source>%1 was built with cuDNN %2 but gets the older cuDNN %3 from %4, and no newer cuDNN %5 is on this machine.</source>
        <translation>%1 是用 cuDNN %2 构建的，却从 %4 得到了较旧的 cuDNN %3，而本机上没有更新的 cuDNN %5。</translation>
    </message>
    <message>
        <source>Upgrade the pip package %1 to %2 or newer in that environment.</source>
        <translation>请在该环境中将 pip 软件包 %1 升级到 %2 或更高版本。</translation>
    </message>
    <message>
        <source>Install cuDNN %1 or newer (cudnn-setup installs it into the CUDA toolkit and puts it first).</source>
        <translation>请安装 cuDNN %1 或更高版本（cudnn-setup 会将其安装到 CUDA 工具包中并排在最前面）。</translation>
    </message>
    <message>
        <source>%1 is built for CUDA %2 but gets %3, built for CUDA %4.</source>
        <translation>%1 是为 CUDA %2 构建的，却得到了为 CUDA %4 构建的 %3。</translation>
    </message>
    <message>
        <source>Install the cuDNN build for CUDA %1 and make it the one the program gets.</source>
        <translation>请安装为 CUDA %1 构建的 cuDNN，并确保程序得到的是它。</translation>
    </message>
    <message>
        <source>%1 gets a cuDNN that fits its CUDA, the driver and the GPU here. CUDNN_STATUS_NOT_INITIALIZED then most often means the GPU had no memory left when cuDNN started (another process holds it: nvidia-smi shows which).</source>
        <translation>在本机上，%1 得到的 cuDNN 与它的 CUDA、驱动和 GPU 都相符。这种情况下出现 CUDNN_STATUS_NOT_INITIALIZED，最常见的原因是 cuDNN 启动时 GPU 已没有剩余显存（被其他进程占用：nvidia-smi 可以显示是哪个进程）。</translation>
    </message>
    <message>
        <source>%1: no GPU here lies outside what its build supports.</source>
        <translation>%1：本机没有超出其构建所支持范围的 GPU。</translation>
    </message>
    <message>
        <source>%1 (compute capability %2)</source>
        <translation>%1（计算能力 %2）</translation>
    </message>
    <message>
        <source>The cuDNN that %1 loads has no kernels for this GPU%2.</source>
        <translation>%1 加载的 cuDNN 没有适用于这块 GPU%2 的内核。</translation>
    </message>
    <message>
        <source>%1 was not built for the GPU&apos;s architecture %2%3.</source>
        <translation>%1 不是为该 GPU 的架构 %2 构建的%3。</translation>
    </message>
    <message>
        <source> (it has %1)</source>
        <translation>（它包含 %1）</translation>
    </message>
    <message>
        <source>The message names it: %1</source>
        <translation>报错信息中写的是：%1</translation>
    </message>
    <message>
        <source>This machine&apos;s GPU: %1.</source>
        <translation>本机的 GPU：%1。</translation>
    </message>
    <message>
        <source>No GPU is visible to this process here, so the architecture is the message&apos;s word.</source>
        <translation>本机上此进程看不到任何 GPU，因此架构只能以报错信息中的说法为准。</translation>
    </message>
    <message>
        <source>Install a build of %1 made with a CUDA that supports %2 (a newer CUDA variant of the same release, such as cu128 for Blackwell GPUs), and a cuDNN of that CUDA.</source>
        <translation>请安装用支持 %2 的 CUDA 构建的 %1（同一版本中较新的 CUDA 变体，例如 Blackwell GPU 需要 cu128），以及适用于该 CUDA 的 cuDNN。</translation>
    </message>
    <message>
        <source>this GPU</source>
        <translation>这块 GPU</translation>
    </message>
    <message>
        <source>Use a build of the program, and a cuDNN, made for this GPU&apos;s architecture.</source>
        <translation>请使用为这块 GPU 的架构构建的程序版本和 cuDNN。</translation>
    </message>
    <message>
        <source>%1 needs CUDA %2, but the NVIDIA driver runs CUDA %3 at most.</source>
        <translation>%1 需要 CUDA %2，但 NVIDIA 驱动最高只支持 CUDA %3。</translation>
    </message>
    <message>
        <source>The driver here: %1 (CUDA %2 at most).</source>
        <translation>本机的驱动：%1（最高支持 CUDA %2）。</translation>
    </message>
    <message>
        <source>The message names the driver&apos;s CUDA: %1.</source>
        <translation>报错信息中给出的驱动 CUDA 版本：%1。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer (or install a build of the program for an older CUDA).</source>
        <translation>请将 NVIDIA 驱动更新到 %1 或更高版本（或安装为较旧 CUDA 构建的程序版本）。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver (or install a build of the program for an older CUDA).</source>
        <translation>请更新 NVIDIA 驱动（或安装为较旧 CUDA 构建的程序版本）。</translation>
    </message>
    <message>
        <source>The driver here runs CUDA %1, enough for %2: the message must come from another machine, or a container with an older driver.</source>
        <translation>本机的驱动支持 CUDA %1，足以满足 %2：这条报错一定来自其他机器，或来自驱动较旧的容器。</translation>
    </message>
    <message>
        <source>The driver here is new enough for %1.</source>
        <translation>本机的驱动对 %1 来说足够新。</translation>
    </message>
    <message numerus="yes">
        <source>The NVIDIA driver %1 loads here (%2), and %n GPU(s) answer.</source>
        <translation>
            <numerusform>本机能加载 NVIDIA 驱动 %1（%2），并有 %n 块 GPU 响应。</numerusform>
        </translation>
    </message>
    <message>
        <source>This is WSL: the Windows driver&apos;s libcuda.so.1 is in /usr/lib/wsl/lib, but the loader does not find it there (the loader cache does not list it).</source>
        <translation>这是 WSL：Windows 驱动的 libcuda.so.1 位于 /usr/lib/wsl/lib，但加载器在那里找不到它（加载器缓存中没有列出它）。</translation>
    </message>
    <message>
        <source>The driver&apos;s library is here.</source>
        <translation>驱动的库在这里。</translation>
    </message>
    <message>
        <source>Make sure /etc/ld.so.conf.d/ld.wsl.conf names /usr/lib/wsl/lib, then rebuild the loader cache.</source>
        <translation>请确认 /etc/ld.so.conf.d/ld.wsl.conf 中写有 /usr/lib/wsl/lib，然后重建加载器缓存。</translation>
    </message>
    <message>
        <source>The loader said: %1</source>
        <translation>加载器的提示：%1</translation>
    </message>
    <message>
        <source>No working NVIDIA driver answers on this machine.</source>
        <translation>本机上没有可正常工作的 NVIDIA 驱动响应。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your GPU; in a container, start the container with the GPUs given to it (Docker and the NVIDIA Container Toolkit).</source>
        <translation>请为您的 GPU 安装 NVIDIA 驱动；如果在容器中，请在启动容器时把 GPU 分配给它（Docker 配合 NVIDIA Container Toolkit）。</translation>
    </message>
    <message>
        <source>%1 belongs to WSL&apos;s own copy of the Windows driver, which WSL keeps read-only and unlinked: ldconfig&apos;s warning about it is harmless.</source>
        <translation>%1 属于 WSL 自带的 Windows 驱动副本，WSL 将其保持为只读且不建立链接：ldconfig 对它发出的警告无害。</translation>
    </message>
    <message>
        <source>Nothing to do for cuDNN; the warning goes away once WSL updates its files.</source>
        <translation>cuDNN 方面无需任何操作；WSL 更新其文件后，该警告就会消失。</translation>
    </message>
    <message>
        <source>%1 is a file where cuDNN&apos;s layout has a link (copied without keeping links, cp without -P).</source>
        <translation>按 cuDNN 的目录结构，%1 应是一个链接，这里却是一个普通文件（复制时没有保留链接，例如 cp 未加 -P）。</translation>
    </message>
    <message>
        <source>A regular file, not a link.</source>
        <translation>一个普通文件，而不是链接。</translation>
    </message>
    <message>
        <source>Replace it by a link to the versioned file beside it (repair does it for a cuDNN it can identify), and copy archives with cp -P or tar from now on.</source>
        <translation>请将它替换为指向旁边带版本号文件的链接（对于能识别的 cuDNN，修复会自动完成），今后请用 cp -P 或 tar 复制压缩包中的文件。</translation>
    </message>
    <message>
        <source>%1 is a link here again: the warning came from before it was put right.</source>
        <translation>%1 现在又是链接了：该警告是在它被纠正之前产生的。</translation>
    </message>
    <message>
        <source>%1 is not on this machine.</source>
        <translation>本机上没有 %1。</translation>
    </message>
    <message>
        <source>%1 holds the headers of two cuDNN releases: cudnn.h of cuDNN %2, cudnn_version.h of cuDNN %3. A build reads CUDNN_MAJOR from one and declares the functions of the other.</source>
        <translation>%1 中混有两个 cuDNN 版本的头文件：cudnn.h 属于 cuDNN %2，cudnn_version.h 属于 cuDNN %3。编译时会从其中一个读取 CUDNN_MAJOR，却使用另一个声明的函数。</translation>
    </message>
    <message>
        <source>cudnn.h is of cuDNN %1.</source>
        <translation>cudnn.h 属于 cuDNN %1。</translation>
    </message>
    <message>
        <source>cudnn_version.h says cuDNN %1.</source>
        <translation>cudnn_version.h 表明版本为 cuDNN %1。</translation>
    </message>
    <message>
        <source>Copy every header (cudnn*.h) of the cuDNN package whose libraries are installed into that folder, over the old ones; repair restores the headers of a cuDNN that cudnn-setup installed.</source>
        <translation>请把与已安装的库同属一个 cuDNN 安装包的所有头文件（cudnn*.h）复制到该文件夹，覆盖旧文件；对于 cudnn-setup 安装的 cuDNN，修复会还原其头文件。</translation>
    </message>
    <message>
        <source>%1 holds cudnn.h but not cudnn_version.h, where cuDNN 8 and later keep CUDNN_MAJOR: a build that reads the version from it fails.</source>
        <translation>%1 中有 cudnn.h，但没有 cudnn_version.h（cuDNN 8 及更高版本把 CUDNN_MAJOR 放在其中）：从它读取版本的编译会失败。</translation>
    </message>
    <message>
        <source>The include folder.</source>
        <translation>include 文件夹。</translation>
    </message>
    <message>
        <source>Copy every header of the cuDNN package (cudnn*.h) into that folder; repair restores the headers of a cuDNN that cudnn-setup installed.</source>
        <translation>请把 cuDNN 安装包中的所有头文件（cudnn*.h）复制到该文件夹；对于 cudnn-setup 安装的 cuDNN，修复会还原其头文件。</translation>
    </message>
    <message>
        <source>No cuDNN is on this machine, headers or libraries.</source>
        <translation>本机上没有 cuDNN，既没有头文件，也没有库。</translation>
    </message>
    <message>
        <source>This machine has cuDNN&apos;s libraries but none of its headers (cudnn.h): a runtime-only package or wheel.</source>
        <translation>本机有 cuDNN 的库，但没有任何头文件（cudnn.h）：装的是仅含运行时的软件包或 wheel。</translation>
    </message>
    <message>
        <source>Install the development files: cudnn-setup installs NVIDIA&apos;s archive (headers included) into the CUDA toolkit, or the package libcudnn9-dev-cuda-12 from NVIDIA&apos;s repository holds them.</source>
        <translation>请安装开发文件：cudnn-setup 会将 NVIDIA 的压缩包（含头文件）安装到 CUDA 工具包中；NVIDIA 软件源中的 libcudnn9-dev-cuda-12 软件包也包含这些文件。</translation>
    </message>
    <message>
        <source>Install NVIDIA&apos;s cuDNN archive into the CUDA toolkit with cudnn-setup (headers and import libraries included).</source>
        <translation>请用 cudnn-setup 将 NVIDIA 的 cuDNN 压缩包安装到 CUDA 工具包中（含头文件和导入库）。</translation>
    </message>
    <message>
        <source>cudnn.h and cudnn_version.h are in %1: point the build at it (CUDNN_INCLUDE_DIR, or the CUDA toolkit it lies in).</source>
        <translation>cudnn.h 和 cudnn_version.h 位于 %1：请让编译使用该位置（设置 CUDNN_INCLUDE_DIR，或指定它所在的 CUDA 工具包）。</translation>
    </message>
    <message>
        <source>This is not caused by how cuDNN is installed.</source>
        <translation>这不是 cuDNN 的安装方式造成的。</translation>
    </message>
    <message>
        <source>Nothing in how cuDNN is installed needs changing: the program, its model or its data is where to look, as said above.</source>
        <translation>cuDNN 的安装无需任何改动：如上所述，应检查的是程序本身、它的模型或数据。</translation>
    </message>
    <message>
        <source>%1 is not in %2.</source>
        <translation>%2 中没有 %1。</translation>
    </message>
    <message>
        <source>It comes first because this terminal&apos;s LD_LIBRARY_PATH names its folder.</source>
        <translation>它排在前面，是因为此终端的 LD_LIBRARY_PATH 中列出了它所在的文件夹。</translation>
    </message>
    <message>
        <source>Install the %1 that %2 was built with, %3, in that environment.</source>
        <translation>请在该环境中安装 %2 构建时所用的 %1 %3。</translation>
    </message>
    <message>
        <source>The program %1</source>
        <translation>程序 %1</translation>
    </message>
    <message>
        <source>Windows searches %1 before every folder on Path, so no Path change puts another copy before it.</source>
        <translation>Windows 先搜索 %1，再搜索 Path 中的任何文件夹，因此修改 Path 无法让另一份副本排在它前面。</translation>
    </message>
    <message>
        <source>Move the old cuDNN DLLs out of %1 as an administrator (repair, run as administrator, renames them aside, which can be undone), so the program gets %2.</source>
        <translation>请以管理员身份把旧的 cuDNN DLL 移出 %1（以管理员身份运行修复会将其改名移开，可以撤销），这样程序会用到 %2。</translation>
    </message>
    <message>
        <source>%1 finds no cuDNN library here at all, so this machine would fail another way: the message must come from another environment or machine.</source>
        <translation>%1 在这台机器上找不到任何 cuDNN 库，因此这台机器会以另一种方式出错：这条消息一定来自另一个环境或另一台机器。</translation>
    </message>
    <message>
        <source>Windows searches the program&apos;s own folder before every other folder.</source>
        <translation>Windows 最先搜索程序自己所在的文件夹，然后才是其他文件夹。</translation>
    </message>
    <message>
        <source>Take the cuDNN DLLs beside the program (%1 in %2) away, or put every cuDNN DLL of one release there, so that every library comes from one copy.</source>
        <translation>请移走程序旁边的 cuDNN DLL（%2 中的 %1），或者把同一版本的全部 cuDNN DLL 放在那里，让所有库都来自同一份副本。</translation>
    </message>
    <message>
        <source>every cuDNN library from %1</source>
        <translation>来自 %1 的全部 cuDNN 库</translation>
    </message>
    <message>
        <source>%1 is a Linux library: the message comes from a Linux machine (or WSL), not this Windows one. Give cudnn-setup the message there.</source>
        <translation>%1 是 Linux 的库：这条消息来自一台 Linux 机器（或 WSL），而不是这台 Windows 机器。请在那里把消息交给 cudnn-setup。</translation>
    </message>
    <message>
        <source>%1 is a Windows library: the message comes from a Windows machine, not this Linux one. Give cudnn-setup the message there.</source>
        <translation>%1 是 Windows 的库：这条消息来自一台 Windows 机器，而不是这台 Linux 机器。请在那里把消息交给 cudnn-setup。</translation>
    </message>
</context>
<context>
    <name>CommandBox</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the command, to paste it into a terminal</source>
        <translation>复制此命令，以便粘贴到终端中</translation>
    </message>
    <message>
        <source>Copied</source>
        <translation>已复制</translation>
    </message>
</context>
<context>
    <name>CommandLine</name>
    <message>
        <source>Run without any window or question (deployment scripts).</source>
        <translation>静默运行，不显示任何窗口，也不提问（用于部署脚本）。</translation>
    </message>
    <message>
        <source>Report the driver, GPUs, CUDA toolkits and cuDNN installs.</source>
        <translation>报告驱动、显卡、CUDA 工具包和已安装的 cuDNN。</translation>
    </message>
    <message>
        <source>Find what is broken and offer fixes.</source>
        <translation>查找损坏之处并给出修复方案。</translation>
    </message>
    <message>
        <source>Download the newest cuDNN that fits this machine (or reuse it from the cache), then install it.</source>
        <translation>下载适合本机的最新 cuDNN（或复用缓存中的），然后安装。</translation>
    </message>
    <message>
        <source>With --fetch: a redist tree with NVIDIA&apos;s layout (http(s):// or file://) instead of NVIDIA&apos;s.</source>
        <translation>与 --fetch 一起使用：采用 NVIDIA 目录结构的 redist 镜像（http(s):// 或 file://），代替 NVIDIA 的服务器。</translation>
    </message>
    <message>
        <source>With --fetch: read only this redistrib_&lt;version&gt;.json.</source>
        <translation>与 --fetch 一起使用：只读取这个 redistrib_&lt;version&gt;.json。</translation>
    </message>
    <message>
        <source>With --fetch: where downloaded archives are kept.</source>
        <translation>与 --fetch 一起使用：下载的压缩包存放在哪里。</translation>
    </message>
    <message>
        <source>A CUDA toolkit folder (repeatable); the install target.</source>
        <translation>一个 CUDA 工具包文件夹（可重复）；安装目标。</translation>
    </message>
    <message>
        <source>Show the verdict and the plan; change nothing.</source>
        <translation>显示判定结果和计划；不做任何更改。</translation>
    </message>
    <message>
        <source>Install despite a compatibility block (never despite damage or danger).</source>
        <translation>即使存在兼容性阻碍也安装（但绝不在损坏或危险时安装）。</translation>
    </message>
    <message>
        <source>Write the JSON report to FILE.</source>
        <translation>将 JSON 报告写入 FILE。</translation>
    </message>
    <message>
        <source>Write a log to FILE.</source>
        <translation>将日志写入 FILE。</translation>
    </message>
    <message>
        <source>Restore the toolkit to how it was before cudnn-setup installed cuDNN.</source>
        <translation>将工具包恢复到 cudnn-setup 安装 cuDNN 之前的状态。</translation>
    </message>
    <message>
        <source>Copy the runtime libraries next to an application instead.</source>
        <translation>改为将运行时库复制到某个应用程序旁边。</translation>
    </message>
    <message>
        <source>Which PATH to fix: user (default), machine or none.</source>
        <translation>要修正哪个 PATH：user（默认）、machine 或 none。</translation>
    </message>
    <message>
        <source>Run the convolution benchmark after installing (default).</source>
        <translation>安装后运行卷积基准测试（默认）。</translation>
    </message>
    <message>
        <source>Skip the benchmark.</source>
        <translation>跳过基准测试。</translation>
    </message>
    <message>
        <source>Skip loading the installed cuDNN in a fresh process (for a toolkit that another machine will use).</source>
        <translation>跳过在新进程中加载已安装的 cuDNN（用于供另一台机器使用的工具包）。</translation>
    </message>
    <message>
        <source>Language of the interface: en or zh_CN.</source>
        <translation>界面语言：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>Install only if the archive&apos;s SHA-256 is this (64 hex digits).</source>
        <translation>仅当压缩包的 SHA-256 为此值（64 位十六进制）时才安装。</translation>
    </message>
    <message>
        <source>Append one JSON line per progress update to this existing file.</source>
        <translation>每次进度更新时向这个已存在的文件追加一行 JSON。</translation>
    </message>
    <message>
        <source>Internal: the elevated copy the wizard starts for the privileged step (docs/elevation.md).</source>
        <translation>内部使用：向导为特权步骤启动的提权副本（见 docs/elevation.md）。</translation>
    </message>
    <message>
        <source>Show the version.</source>
        <translation>显示版本。</translation>
    </message>
    <message>
        <source>cudnn-setup installs NVIDIA cuDNN into a CUDA toolkit, fixes the search path and proves it works.</source>
        <translation>cudnn-setup 将 NVIDIA cuDNN 安装到 CUDA 工具包中，修正搜索路径，并验证它确实可用。</translation>
    </message>
    <message>
        <source>Unexpected argument: %1</source>
        <translation>多余的参数：%1</translation>
    </message>
    <message>
        <source>--benchmark and --no-benchmark contradict each other.</source>
        <translation>--benchmark 与 --no-benchmark 相互矛盾。</translation>
    </message>
    <message>
        <source>--path-scope takes user, machine or none, not &quot;%1&quot;.</source>
        <translation>--path-scope 只接受 user、machine 或 none，而不是“%1”。</translation>
    </message>
    <message>
        <source>--lang takes en or zh_CN, not &quot;%1&quot;.</source>
        <translation>--lang 只接受 en 或 zh_CN，而不是“%1”。</translation>
    </message>
    <message>
        <source>--fetch and --package contradict each other: fetch the archive, or give it.</source>
        <translation>--fetch 与 --package 相互矛盾：要么下载压缩包，要么给出压缩包。</translation>
    </message>
    <message>
        <source>--mirror, --manifest and --cache go with --fetch.</source>
        <translation>--mirror、--manifest 和 --cache 需与 --fetch 一起使用。</translation>
    </message>
    <message>
        <source>--mirror and --manifest contradict each other: give one.</source>
        <translation>--mirror 与 --manifest 相互矛盾：只给出其中一个。</translation>
    </message>
    <message>
        <source>--package-sha256 goes with --package FILE.</source>
        <translation>--package-sha256 需与 --package FILE 一起使用。</translation>
    </message>
    <message>
        <source>--elevation-token needs --silent, --package, --package-sha256, one --cuda-root, --report, --log and --progress-file, and nothing else to do.</source>
        <translation>--elevation-token 需要 --silent、--package、--package-sha256、一个 --cuda-root、--report、--log 和 --progress-file，且不能有其他任务。</translation>
    </message>
    <message>
        <source>--silent needs something to do: --package, --fetch, --uninstall, --repair or --detect.</source>
        <translation>--silent 需要一项任务：--package、--fetch、--uninstall、--repair 或 --detect。</translation>
    </message>
    <message>
        <source>cudnn-setup: %1
Try cudnn-setup --help.
</source>
        <translation>cudnn-setup：%1
请运行 cudnn-setup --help 查看帮助。
</translation>
    </message>
    <message>
        <source>With --dry-run --package: judge the archive for the machine FILE describes (what --detect --json printed there), not for this one.</source>
        <translation>与 --dry-run --package 一起使用：按 FILE 所描述的机器（即该机器上 --detect --json 的输出）而不是本机来判定压缩包。</translation>
    </message>
    <message>
        <source>With --dry-run --package: judge the archive for every machine a *.json file in DIR describes; exit 0 only if it fits them all.</source>
        <translation>与 --dry-run --package 一起使用：按 DIR 中每个 *.json 文件所描述的机器判定压缩包；仅当全部适用时退出码为 0。</translation>
    </message>
    <message>
        <source>--for-machine and --for-machines contradict each other: give one.</source>
        <translation>--for-machine 与 --for-machines 相互矛盾：只给出其中一个。</translation>
    </message>
    <message>
        <source>--for-machine and --for-machines go with --dry-run --package ARCHIVE: they judge for other machines and install nothing.</source>
        <translation>--for-machine 和 --for-machines 需与 --dry-run --package ARCHIVE 一起使用：它们为其他机器做判定，不安装任何东西。</translation>
    </message>
    <message>
        <source>%1 needs a value.</source>
        <translation>%1 需要一个值。</translation>
    </message>
    <message>
        <source>A Python environment (a venv or conda env root) to look at besides those found (repeatable).</source>
        <translation>除已找到的环境外，还要查看的 Python 环境（venv 或 conda 环境的根目录；可重复）。</translation>
    </message>
    <message>
        <source>The cuDNN archive, the folder it was extracted into, or a folder of archives to pick from.</source>
        <translation>cuDNN 压缩包、它解压到的文件夹，或从中挑选压缩包的文件夹。</translation>
    </message>
    <message>
        <source>With --detect or --explain: print JSON instead of text.</source>
        <translation>与 --detect 或 --explain 一起使用：输出 JSON 而不是文本。</translation>
    </message>
    <message>
        <source>Say what causes the error a program printed, on this machine: the text as the arguments, with --from FILE, or on standard input.</source>
        <translation>说明程序输出的报错在本机上是由什么引起的：报错文本可作为参数给出，也可用 --from FILE 或通过标准输入提供。</translation>
    </message>
    <message>
        <source>With --explain: read the error text from FILE (- for standard input).</source>
        <translation>与 --explain 一起使用：从 FILE 读取报错文本（- 表示标准输入）。</translation>
    </message>
    <message>
        <source>With --explain: the error text (- reads standard input).</source>
        <translation>与 --explain 一起使用：报错文本（- 表示从标准输入读取）。</translation>
    </message>
    <message>
        <source>--from goes with --explain.</source>
        <translation>--from 需与 --explain 一起使用。</translation>
    </message>
    <message>
        <source>--explain takes the text, or --from FILE, not both.</source>
        <translation>--explain 接受报错文本或 --from FILE，二者不能同时使用。</translation>
    </message>
    <message>
        <source>--explain reads an error and goes only with --from, --json, --repair, --cuda-root, --python-env, --path-scope, --report and --lang.</source>
        <translation>--explain 用于读取报错，只能与 --from、--json、--repair、--cuda-root、--python-env、--path-scope、--report 和 --lang 一起使用。</translation>
    </message>
    <message>
        <source>--json goes with --detect or --explain (use --report FILE for the other commands).</source>
        <translation>--json 需与 --detect 或 --explain 一起使用（其他命令请用 --report FILE）。</translation>
    </message>
</context>
<context>
    <name>ConflictFinder</name>
    <message>
        <source>Put %1 before %2 in the machine PATH (administrator rights: the machine-scope fix), or quarantine %3 if nothing else needs it.</source>
        <translation>在系统 PATH 中将 %1 放在 %2 之前（需要管理员权限：系统范围的修正）；如果没有其他程序需要 %3，也可以将其隔离。</translation>
    </message>
    <message>
        <source>Quarantine %1 (renamed aside, can be undone; administrator rights: the machine-scope fix). No PATH entry comes before %2.</source>
        <translation>隔离 %1（改名移开，可以撤销；需要管理员权限：系统范围的修正）。没有任何 PATH 条目排在 %2 之前。</translation>
    </message>
    <message>
        <source>%1 is a KnownDLL: Windows always loads the System32 copy.</source>
        <translation>%1 属于 KnownDLL：Windows 总是加载 System32 中的副本。</translation>
    </message>
    <message>
        <source>That program loads its own copy from %1 whatever the search path says; update the copy there (for pip-installed PyTorch: install the wheel built for this CUDA). No environment change can help.</source>
        <translation>无论搜索路径如何，该程序都会从 %1 加载它自带的副本；请更新那里的副本（对于用 pip 安装的 PyTorch：安装为此 CUDA 构建的 wheel）。修改环境变量对此无能为力。</translation>
    </message>
    <message>
        <source>Put %1 first in the user PATH (the user-scope fix does this; programs started after it see it).</source>
        <translation>将 %1 放在用户 PATH 的最前面（用户范围的修正会这样做；在此之后启动的程序才能看到）。</translation>
    </message>
    <message>
        <source>Put %1 first on PATH in the login profile and environment.d (the user-scope fix does this; login shells and graphical sessions started after it see it).</source>
        <translation>在登录配置文件和 environment.d 中将 %1 放在 PATH 的最前面（用户范围的修正会这样做；在此之后启动的登录 shell 和图形会话才能看到）。</translation>
    </message>
    <message>
        <source>Put %1 first on LD_LIBRARY_PATH in the login profile and environment.d (the user-scope fix does this; login shells and graphical sessions started after it see it).</source>
        <translation>在登录配置文件和 environment.d 中将 %1 放在 LD_LIBRARY_PATH 的最前面（用户范围的修正会这样做；在此之后启动的登录 shell 和图形会话才能看到）。</translation>
    </message>
</context>
<context>
    <name>ConsoleProgress</name>
    <message>
        <source>%1/%2 MiB</source>
        <translation>%1/%2 MiB</translation>
    </message>
    <message>
        <source>%1/%2 files</source>
        <translation>%1/%2 个文件</translation>
    </message>
    <message>
        <source>%1/%2 cases</source>
        <translation>%1/%2 个用例</translation>
    </message>
</context>
<context>
    <name>ConsoleRunner</name>
    <message>
        <source>--force takes the install back anyway (the changed copies are kept); --repair puts the files back as installed first.
</source>
        <translation>--force 会强制撤回这次安装（修改过的副本会被保留）；--repair 会先把这些文件恢复为安装时的状态。
</translation>
    </message>
    <message>
        <source>Nothing to uninstall.
</source>
        <translation>没有可卸载的内容。
</translation>
    </message>
    <message>
        <source>Several toolkits hold an install; name one with --cuda-root: %1
</source>
        <translation>多个工具包中都有安装；请用 --cuda-root 指定其中一个：%1
</translation>
    </message>
    <message>
        <source>Deployed into %1: %2.
</source>
        <translation>已部署到 %1：%2。
</translation>
    </message>
    <message>
        <source>Installed into %1: %2.
</source>
        <translation>已安装到 %1：%2。
</translation>
    </message>
    <message>
        <source>Nothing to do: %1 already holds exactly these files.
</source>
        <translation>无需操作：%1 中的文件已与此完全一致。
</translation>
    </message>
    <message>
        <source>Uninstalled from %1: %2.
</source>
        <translation>已从 %1 卸载：%2。
</translation>
    </message>
    <message>
        <source>Nothing to uninstall in %1.
</source>
        <translation>%1 中没有可卸载的内容。
</translation>
    </message>
    <message>
        <source>Stopped and rolled back: %1 is as it was.
</source>
        <translation>已停止并回滚：%1 保持原样。
</translation>
    </message>
    <message>
        <source>Nothing was done (%1).
</source>
        <translation>未做任何操作（%1）。
</translation>
    </message>
    <message>
        <source>Search path: left as it is (%1).
</source>
        <translation>搜索路径：保持不变（%1）。
</translation>
    </message>
    <message>
        <source>Search path (%1 scope): these changes would be made:
</source>
        <translation>搜索路径（%1 范围）：将做出以下更改：
</translation>
    </message>
    <message>
        <source>Search path: the new cuDNN already wins; nothing to change.
</source>
        <translation>搜索路径：新的 cuDNN 已经会被优先加载；无需更改。
</translation>
    </message>
    <message>
        <source>Search path: rolled back with the files.
</source>
        <translation>搜索路径：已随文件一起回滚。
</translation>
    </message>
    <message>
        <source>Search path: NOT changed, the fix may not be applied (see the errors below).
</source>
        <translation>搜索路径：未更改，修正可能无法应用（请参阅下方的错误）。
</translation>
    </message>
    <message>
        <source>Verify: not run (%1).
</source>
        <translation>验证：未运行（%1）。
</translation>
    </message>
    <message numerus="yes">
        <source>Verify: cuDNN %1 and its %n libraries load from the toolkit.
</source>
        <translation>
            <numerusform>验证：cuDNN %1 及其 %n 个库均从工具包加载。
</numerusform>
        </translation>
    </message>
    <message>
        <source>Verify: FAILED, cuDNN does not load as it should.
</source>
        <translation>验证：失败，cuDNN 未能正常加载。
</translation>
    </message>
    <message>
        <source>Benchmark: not run (%1).
</source>
        <translation>基准测试：未运行（%1）。
</translation>
    </message>
    <message>
        <source>Benchmark: %1
</source>
        <translation>基准测试：%1
</translation>
    </message>
    <message>
        <source>Deploy into %1 (nothing was changed): %2 files and links, %3 MiB to write, %4 to remove.
</source>
        <translation>部署到 %1（未做任何更改）：%2 个文件和链接，需写入 %3 MiB，需移除 %4 个。
</translation>
    </message>
    <message>
        <source>added</source>
        <translation>个新增</translation>
    </message>
    <message>
        <source>replaced</source>
        <translation>个替换</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>个不变</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>个移除</translation>
    </message>
    <message>
        <source>restored</source>
        <translation>个还原</translation>
    </message>
    <message>
        <source>This needs administrator rights, and --silent never asks for them. Run exactly this in an administrator prompt:
  %1
</source>
        <translation>此操作需要管理员权限，而 --silent 从不请求权限。请在管理员命令提示符中原样运行：
  %1
</translation>
    </message>
    <message>
        <source>This needs root, and --silent never asks for it. Run exactly:
  %1
</source>
        <translation>此操作需要 root 权限，而 --silent 从不请求权限。请原样运行：
  %1
</translation>
    </message>
    <message>
        <source>(Elevated, it leaves your own search path alone: --path-scope none. Use --path-scope machine to fix it for every user.)
</source>
        <translation>（以提升的权限运行时，它不会改动您自己的搜索路径：--path-scope none。若要为所有用户修正，请使用 --path-scope machine。）
</translation>
    </message>
    <message>
        <source>cudnn-setup: cannot write progress to %1: %2
</source>
        <translation>cudnn-setup: 无法将进度写入 %1：%2
</translation>
    </message>
    <message>
        <source>cudnn-setup: cannot write the report to %1: %2
</source>
        <translation>cudnn-setup：无法将报告写入 %1：%2
</translation>
    </message>
    <message>
        <source>cudnn-setup: refused: %1
</source>
        <translation>cudnn-setup：已拒绝：%1
</translation>
    </message>
    <message>
        <source>cudnn-setup: %1 %2 cannot be written (%3), so nothing was done.
</source>
        <translation>cudnn-setup：%1 %2 无法写入（%3），因此什么也没有做。
</translation>
    </message>
    <message>
        <source>Search path (%1 scope): fixed. %2
</source>
        <translation>搜索路径（%1 范围）：已修正。%2
</translation>
    </message>
    <message>
        <source>Deploy into %1 (nothing was changed): %2 files, %3 MiB to write, %4 to remove.
</source>
        <translation>部署到 %1（未做任何更改）：%2 个文件，需写入 %3 MiB，需移除 %4 个。
</translation>
    </message>
    <message>
        <source>Search path:
</source>
        <translation>搜索路径：
</translation>
    </message>
</context>
<context>
    <name>ContentAnalysis</name>
    <message>
        <source>The archive mixes libraries built for different systems: %1.</source>
        <translation>压缩包中混有为不同系统构建的库：%1。</translation>
    </message>
    <message>
        <source>Use an unmodified archive from NVIDIA.</source>
        <translation>请使用来自 NVIDIA 的未经修改的压缩包。</translation>
    </message>
    <message>
        <source>The archive holds no cuDNN libraries or headers this program recognises.</source>
        <translation>压缩包中没有本程序能识别的 cuDNN 库或头文件。</translation>
    </message>
    <message>
        <source>Choose the cuDNN archive (cudnn-&lt;system&gt;-&lt;arch&gt;-&lt;version&gt;_cuda&lt;N&gt;-archive) from NVIDIA&apos;s cuDNN download page.</source>
        <translation>请从 NVIDIA 的 cuDNN 下载页面选择 cuDNN 压缩包（cudnn-&lt;system&gt;-&lt;arch&gt;-&lt;version&gt;_cuda&lt;N&gt;-archive）。</translation>
    </message>
    <message>
        <source>This program does not know the file list of cuDNN %1, so it cannot tell whether files are missing.</source>
        <translation>本程序不了解 cuDNN %1 的文件列表，因此无法判断是否缺少文件。</translation>
    </message>
    <message>
        <source>The archive lacks files every cuDNN %1 installation has: %2.</source>
        <translation>压缩包缺少每个 cuDNN %1 安装都应有的文件：%2。</translation>
    </message>
    <message>
        <source>Download the complete archive from NVIDIA; programs that use cuDNN load these files at run time and fail without them.</source>
        <translation>请从 NVIDIA 下载完整的压缩包；使用 cuDNN 的程序会在运行时加载这些文件，缺少它们就会失败。</translation>
    </message>
    <message>
        <source>The link chain %1 does not end at a file in the archive.</source>
        <translation>链接链 %1 最终没有指向压缩包中的文件。</translation>
    </message>
    <message>
        <source>Use an unmodified archive from NVIDIA; a broken link installs a library that cannot be loaded.</source>
        <translation>请使用来自 NVIDIA 的未经修改的压缩包；断开的链接会装上一个无法加载的库。</translation>
    </message>
    <message>
        <source>The archive&apos;s own folder is named &quot;%1&quot;; rename the file to match, or download the build you meant.</source>
        <translation>压缩包内的文件夹名为“%1”；请将文件重命名为与之一致，或下载您真正想要的构建。</translation>
    </message>
    <message>
        <source>Rename the file to what it contains, or download the build you meant.</source>
        <translation>请按其内容重命名该文件，或下载您真正想要的构建。</translation>
    </message>
    <message>
        <source>The name &quot;%1&quot; is not one NVIDIA uses; the archive&apos;s contents decide what it is.</source>
        <translation>“%1”不是 NVIDIA 使用的名称；以压缩包的内容为准来判断它是什么。</translation>
    </message>
    <message>
        <source>file name</source>
        <translation>文件名</translation>
    </message>
    <message>
        <source>folder name</source>
        <translation>文件夹名</translation>
    </message>
    <message>
        <source>The %1 says cuDNN %2, but %3 says %4.</source>
        <translation>%1表明是 cuDNN %2，但 %3 表明是 %4。</translation>
    </message>
    <message>
        <source>The %1 says the build is for CUDA %2, but its libraries load CUDA %3 libraries.</source>
        <translation>%1表明此构建适用于 CUDA %2，但其中的库加载的是 CUDA %3 的库。</translation>
    </message>
    <message>
        <source>The %1 says %2, but the libraries are built for %3.</source>
        <translation>%1表明是 %2，但其中的库是为 %3 构建的。</translation>
    </message>
    <message>
        <source>The file &quot;%1&quot; was renamed: the archive&apos;s folder is &quot;%2&quot;.</source>
        <translation>文件“%1”被重命名过：压缩包内的文件夹是“%2”。</translation>
    </message>
</context>
<context>
    <name>CopyWinnersList</name>
    <message>
        <source>Which copy of each library a new program gets now</source>
        <translation>新启动的程序现在会加载每个库的哪一份副本</translation>
    </message>
    <message>
        <source>Library file a new program gets now</source>
        <translation>新启动的程序现在加载的库文件</translation>
    </message>
    <message>
        <source>Copy it belongs to</source>
        <translation>所属的副本</translation>
    </message>
    <message>
        <source>the CUDA toolkit</source>
        <translation>CUDA 工具包</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s cuDNN installer</source>
        <translation>NVIDIA 的 cuDNN 安装程序</translation>
    </message>
    <message>
        <source>the system package %1</source>
        <translation>系统软件包 %1</translation>
    </message>
    <message>
        <source>the pip wheel %1 in %2</source>
        <translation>%2 中的 pip wheel %1</translation>
    </message>
    <message>
        <source>the pip wheel %1</source>
        <translation>pip wheel %1</translation>
    </message>
    <message>
        <source>the conda package %1 in %2</source>
        <translation>%2 中的 conda 软件包 %1</translation>
    </message>
    <message>
        <source>the conda package %1</source>
        <translation>conda 软件包 %1</translation>
    </message>
    <message>
        <source>a program&apos;s own folder</source>
        <translation>程序自己的文件夹</translation>
    </message>
    <message>
        <source>%1: not found</source>
        <translation>%1：未找到</translation>
    </message>
    <message>
        <source>loses: %1</source>
        <translation>被遮蔽：%1</translation>
    </message>
</context>
<context>
    <name>CudnnCopyFinder</name>
    <message>
        <source>PATH names %1, which NVIDIA&apos;s cuDNN installer added, but the DLLs are one level down in %2. Windows does not search subfolders of a PATH entry, so a program that loads cudnn64_9.dll by name fails (&quot;Could not locate cudnn_ops64_9.dll&quot;).</source>
        <translation>PATH 中有 NVIDIA cuDNN 安装程序添加的 %1，但 DLL 在其下一级的 %2 中。Windows 不搜索 PATH 条目的子文件夹，因此按名称加载 cudnn64_9.dll 的程序会失败（&quot;Could not locate cudnn_ops64_9.dll&quot;）。</translation>
    </message>
    <message>
        <source>Let the search-path fix put the folder that matches your toolkit&apos;s CUDA version on PATH (repair does this).</source>
        <translation>让搜索路径修复把与工具包 CUDA 版本相符的文件夹放到 PATH 上（修复会这样做）。</translation>
    </message>
    <message>
        <source>Take %1 off PATH, or delete these cuDNN DLLs if nothing needs them. Repair leaves the folder alone: it is no install to restore.</source>
        <translation>将 %1 从 PATH 中移除；如果没有程序需要这些 cuDNN DLL，也可以删除它们。修复不会改动该文件夹：它不是可以恢复的安装。</translation>
    </message>
    <message>
        <source>Delete these cuDNN files from %1 if nothing needs them, or take the folder off LD_LIBRARY_PATH (or out of the ld.so.conf.d file that names it). Repair leaves the folder alone: it is no install to restore.</source>
        <translation>如果没有程序需要，请删除 %1 中的这些 cuDNN 文件，或将该文件夹从 LD_LIBRARY_PATH（或列出它的 ld.so.conf.d 文件）中移除。修复不会改动该文件夹：它不是可以恢复的安装。</translation>
    </message>
    <message>
        <source>In the stray copy %1: %2</source>
        <translation>在零散副本 %1 中：%2</translation>
    </message>
    <message>
        <source>%1 is a stray copy of cuDNN %2, not an install: it holds %3 but not %4.</source>
        <translation>%1 是一份零散的 cuDNN %2 副本，而不是安装：其中有 %3，但没有 %4。</translation>
    </message>
    <message>
        <source>%1 It comes first on the search path, so a program that loads %2 gets it from there and fails.</source>
        <translation>%1 它在搜索路径上排在最前，所以加载 %2 的程序会从那里取到它并出错。</translation>
    </message>
    <message>
        <source>%1 Other folders come before it on the search path for now.</source>
        <translation>%1 目前搜索路径上有其他文件夹排在它前面。</translation>
    </message>
    <message>
        <source>Take the folder off LD_LIBRARY_PATH in %1, or delete these cuDNN files from %2 if nothing needs them. Repair leaves the folder alone: it is no install to restore.</source>
        <translation>请在 %1 中将该文件夹从 LD_LIBRARY_PATH 中移除；如果没有程序需要，也可以删除 %2 中的这些 cuDNN 文件。修复不会改动该文件夹：它不是可以恢复的安装。</translation>
    </message>
    <message>
        <source>the Path in the registry names the folder</source>
        <translation>注册表中的 Path 列出了该文件夹</translation>
    </message>
    <message>
        <source>a new login does not get this terminal&apos;s LD_LIBRARY_PATH</source>
        <translation>新登录的会话不会得到此终端的 LD_LIBRARY_PATH</translation>
    </message>
    <message>
        <source>%1 names the folder in LD_LIBRARY_PATH</source>
        <translation>%1 在 LD_LIBRARY_PATH 中列出了该文件夹</translation>
    </message>
    <message>
        <source>%1 A new login puts it first on the search path (%2), so a program started after the next login that loads %3 gets it from there and fails; this terminal, started before, does not get it first yet.</source>
        <translation>%1 新登录的会话会把它排在搜索路径的最前面（%2），所以下次登录后启动、加载 %3 的程序会从那里取到它并出错；此终端是在那之前启动的，目前还不会优先取到它。</translation>
    </message>
    <message>
        <source>%1 It comes first in this terminal only, because this terminal&apos;s %2 names the folder, which is inside %3, the environment active here: a program started here that loads %4 gets it from there and fails. A new login does not get it first.</source>
        <translation>%1 它只在此终端中排在最前，因为此终端的 %2 列出了该文件夹，而它位于此处激活的环境 %3 之内：在这里启动、加载 %4 的程序会从那里取到它并出错。新登录的会话不会优先取到它。</translation>
    </message>
    <message>
        <source>%1 It comes first in this terminal only, because this terminal&apos;s %2 names the folder: a program started here that loads %3 gets it from there and fails. A new login does not get it first.</source>
        <translation>%1 它只在此终端中排在最前，因为此终端的 %2 列出了该文件夹：在这里启动、加载 %3 的程序会从那里取到它并出错。新登录的会话不会优先取到它。</translation>
    </message>
</context>
<context>
    <name>CudnnCopyJudge</name>
    <message>
        <source>cuDNN %1 in %2 is built for CUDA %3, but the active toolkit is CUDA %4: a program built with that toolkit that loads cuDNN by name gets this copy.</source>
        <translation>%2 中的 cuDNN %1 是为 CUDA %3 构建的，但当前工具包是 CUDA %4：用该工具包构建、按名称加载 cuDNN 的程序会得到这份副本。</translation>
    </message>
    <message>
        <source>Install a cuDNN built for CUDA %1 and let the search-path fix put it first.</source>
        <translation>安装为 CUDA %1 构建的 cuDNN，并让搜索路径修复把它放在最前面。</translation>
    </message>
    <message>
        <source>cuDNN %1 in %2 is built for CUDA %3; driver %4 is too old for it.</source>
        <translation>%2 中的 cuDNN %1 是为 CUDA %3 构建的；驱动 %4 太旧，无法运行它。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer.</source>
        <translation>请将 NVIDIA 驱动更新到 %1 或更新的版本。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to one that runs CUDA %1.</source>
        <translation>请将 NVIDIA 驱动更新到能运行 CUDA %1 的版本。</translation>
    </message>
    <message>
        <source>cuDNN %1 for CUDA %2 in %3 supports compute capability %4 to %5; %6 (%7) is outside that range.</source>
        <translation>%3 中为 CUDA %2 构建的 cuDNN %1 支持计算能力 %4 至 %5；%6（%7）不在此范围内。</translation>
    </message>
    <message>
        <source>Use a cuDNN release whose build for your CUDA lists this GPU in NVIDIA&apos;s support matrix.</source>
        <translation>请使用这样的 cuDNN 版本：在 NVIDIA 的支持矩阵中，它针对你的 CUDA 的构建列出了这块 GPU。</translation>
    </message>
</context>
<context>
    <name>CudnnCopyList</name>
    <message>
        <source>cuDNN copies on this machine</source>
        <translation>本机上的 cuDNN 副本</translation>
    </message>
    <message>
        <source>cuDNN copy</source>
        <translation>cuDNN 副本</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>In CUDA toolkits</source>
        <translation>在 CUDA 工具包中</translation>
    </message>
    <message>
        <source>From NVIDIA&apos;s cuDNN installer</source>
        <translation>来自 NVIDIA 的 cuDNN 安装程序</translation>
    </message>
    <message>
        <source>From system packages</source>
        <translation>来自系统软件包</translation>
    </message>
    <message>
        <source>From pip wheels</source>
        <translation>来自 pip wheel</translation>
    </message>
    <message>
        <source>From conda packages</source>
        <translation>来自 conda 软件包</translation>
    </message>
    <message>
        <source>Next to a program</source>
        <translation>在程序旁边</translation>
    </message>
    <message>
        <source>Elsewhere on the search path</source>
        <translation>搜索路径上的其他位置</translation>
    </message>
    <message>
        <source>usable</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>usable, with warnings</source>
        <translation>可用，但有警告</translation>
    </message>
    <message>
        <source>not usable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>for CUDA %1</source>
        <translation>适用于 CUDA %1</translation>
    </message>
    <message>
        <source>environment %1</source>
        <translation>环境 %1</translation>
    </message>
    <message>
        <source>missing %1</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>No cuDNN found yet</source>
        <translation>尚未找到 cuDNN</translation>
    </message>
</context>
<context>
    <name>CudnnInstallScanner</name>
    <message>
        <source>cuDNN %1 in %2 is a major version this program does not know.</source>
        <translation>%2 中的 cuDNN %1 是本程序不认识的主版本。</translation>
    </message>
    <message>
        <source>Update cudnn-setup.</source>
        <translation>请更新 cudnn-setup。</translation>
    </message>
    <message>
        <source>cuDNN %1 headers are in %2 but none of its libraries are.</source>
        <translation>%2 中有 cuDNN %1 的头文件，但没有它的任何库。</translation>
    </message>
    <message>
        <source>cuDNN %1 in %2 is missing %3.</source>
        <translation>%2 中的 cuDNN %1 缺少 %3。</translation>
    </message>
    <message>
        <source>Reinstall cuDNN from its archive (repair can restore the files).</source>
        <translation>请用 cuDNN 压缩包重新安装（修复功能可以恢复这些文件）。</translation>
    </message>
    <message>
        <source>%1 is a link to %2, which does not exist.</source>
        <translation>%1 是指向 %2 的链接，而目标并不存在。</translation>
    </message>
    <message>
        <source>Reinstall cuDNN, or point the link at the library file.</source>
        <translation>请重新安装 cuDNN，或让该链接指向库文件。</translation>
    </message>
    <message>
        <source>%1 is empty (a blocked or interrupted copy).</source>
        <translation>%1 是空文件（复制被阻止或中断）。</translation>
    </message>
    <message>
        <source>Copy it again from the cuDNN archive (repair can restore it).</source>
        <translation>请从 cuDNN 压缩包重新复制该文件（修复功能可以恢复它）。</translation>
    </message>
    <message>
        <source>%1 is not readable by all users, so other accounts cannot load it.</source>
        <translation>%1 并非所有用户都可读，因此其他账户无法加载它。</translation>
    </message>
    <message>
        <source>Run: chmod a+r %1</source>
        <translation>请运行：chmod a+r %1</translation>
    </message>
    <message>
        <source>%1 is a copy of %2 instead of a link to it (copied without keeping links); ldconfig reports it as &quot;not a symbolic link&quot;.</source>
        <translation>%1 是 %2 的副本，而不是指向它的链接（复制时没有保留链接）；ldconfig 会报告它 &quot;is not a symbolic link&quot;。</translation>
    </message>
    <message>
        <source>Replace the copy by a link: ln -sf %1 %2 (repair does this).</source>
        <translation>请用链接替换该副本：ln -sf %1 %2（修复功能会这样做）。</translation>
    </message>
    <message>
        <source>%1 holds cuDNN library files of several versions (%2); the sub-libraries will refuse to work together.</source>
        <translation>%1 中有多个版本的 cuDNN 库文件（%2）；这些子库将无法协同工作。</translation>
    </message>
    <message>
        <source>Uninstall the older files or reinstall one cuDNN version.</source>
        <translation>请卸载较旧的文件，或只重新安装一个 cuDNN 版本。</translation>
    </message>
    <message>
        <source>The cuDNN headers in %1 say %2 but the libraries are %3.</source>
        <translation>%1 中的 cuDNN 头文件表明版本为 %2，但库的版本为 %3。</translation>
    </message>
    <message>
        <source>Reinstall one cuDNN version so headers and libraries match.</source>
        <translation>请只重新安装一个 cuDNN 版本，使头文件与库一致。</translation>
    </message>
    <message>
        <source>Programs can load cuDNN from %1, but building against it needs %2 in lib\x64.</source>
        <translation>程序可以从 %1 加载 cuDNN，但要基于它编译程序，还需要 lib\x64 中的 %2。</translation>
    </message>
    <message>
        <source>Reinstall cuDNN from its archive to add the import libraries.</source>
        <translation>请用 cuDNN 压缩包重新安装，以补上导入库。</translation>
    </message>
</context>
<context>
    <name>DeployPage</name>
    <message>
        <source>Deploy next to an application</source>
        <translation>部署到应用程序旁边</translation>
    </message>
    <message>
        <source>A program finds libraries in its own folder first: cuDNN and the CUDA runtime copied there are the ones it loads, whatever the search path says.</source>
        <translation>程序会最先在自己所在的文件夹中查找库：复制到那里的 cuDNN 和 CUDA 运行时就是它会加载的版本，不论搜索路径如何设置。</translation>
    </message>
    <message>
        <source>&amp;Deploy</source>
        <translation>部署(&amp;D)</translation>
    </message>
    <message>
        <source>Application folder</source>
        <translation>应用程序文件夹</translation>
    </message>
    <message>
        <source>The folder of the program&apos;s .exe or binary</source>
        <translation>程序的 .exe 或可执行文件所在的文件夹</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Choose the application&apos;s folder.</source>
        <translation>选择应用程序所在的文件夹。</translation>
    </message>
    <message>
        <source>Choose a package first.</source>
        <translation>请先选择一个安装包。</translation>
    </message>
    <message>
        <source>Looking at what would be copied…</source>
        <translation>正在查看将要复制的内容…</translation>
    </message>
    <message>
        <source>Copy into %1: %2 files and links, %3 to write.</source>
        <translation>复制到 %1：%2 个文件和链接，需写入 %3。</translation>
    </message>
    <message>
        <source>Copy into %1: %2 files, %3 to write.</source>
        <translation>复制到 %1：%2 个文件，需写入 %3。</translation>
    </message>
</context>
<context>
    <name>DeployPlanner</name>
    <message>
        <source>Make sure the application finds the CUDA runtime another way, or choose a complete toolkit.</source>
        <translation>请确保应用程序能通过其他途径找到 CUDA 运行时，或选择一个完整的工具包。</translation>
    </message>
    <message>
        <source>The toolkit %1 has no CUDA runtime (cudart) to copy next to the application.</source>
        <translation>工具包 %1 中没有可复制到应用程序旁边的 CUDA 运行时（cudart）。</translation>
    </message>
    <message>
        <source>cuDNN %1 needs zlibwapi.dll, and none was found to copy next to the application.</source>
        <translation>cuDNN %1 需要 zlibwapi.dll，但没有找到可复制到应用程序旁边的 zlibwapi.dll。</translation>
    </message>
    <message>
        <source>Put zlibwapi.dll (64-bit) into %1 yourself, or deploy cuDNN 9.2 or later, which does not need it.</source>
        <translation>请自行将 zlibwapi.dll（64 位）放到 %1 中，或部署不再需要它的 cuDNN 9.2 或更高版本。</translation>
    </message>
</context>
<context>
    <name>DetailsDisclosure</name>
    <message>
        <source>Hide details</source>
        <translation>隐藏详细信息</translation>
    </message>
    <message>
        <source>Show details</source>
        <translation>显示详细信息</translation>
    </message>
</context>
<context>
    <name>DetectSummary</name>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>not found (%1)</source>
        <translation>未找到（%1）</translation>
    </message>
    <message>
        <source>version unknown</source>
        <translation>版本未知</translation>
    </message>
    <message>
        <source>, supports CUDA up to %1</source>
        <translation>，最高支持 CUDA %1</translation>
    </message>
    <message>
        <source>[from %1]</source>
        <translation>[来自 %1]</translation>
    </message>
    <message>
        <source>[active]</source>
        <translation>[当前使用]</translation>
    </message>
    <message>
        <source>(found via %1)</source>
        <translation>（发现途径：%1）</translation>
    </message>
    <message>
        <source>complete</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>INCOMPLETE</source>
        <translation>不完整</translation>
    </message>
    <message>
        <source>, missing %1</source>
        <translation>，缺少 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n library files</source>
        <translation>
            <numerusform>%n 个库文件</numerusform>
        </translation>
    </message>
    <message>
        <source>fix: %1</source>
        <translation>解决办法：%1</translation>
    </message>
    <message>
        <source>Driver</source>
        <translation>驱动</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>显卡</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>显卡 %1</translation>
    </message>
    <message>
        <source>%1, compute capability %2, %3</source>
        <translation>%1，计算能力 %2，%3</translation>
    </message>
    <message>
        <source>no toolkit found</source>
        <translation>未找到工具包</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>Findings:</source>
        <translation>发现的问题：</translation>
    </message>
    <message>
        <source>(detected in %1 ms)</source>
        <translation>（检测用时 %1 毫秒）</translation>
    </message>
    <message>
        <source>default location</source>
        <translation>默认位置</translation>
    </message>
    <message>
        <source>In CUDA toolkits</source>
        <translation>在 CUDA 工具包中</translation>
    </message>
    <message>
        <source>From NVIDIA&apos;s cuDNN installer</source>
        <translation>来自 NVIDIA 的 cuDNN 安装程序</translation>
    </message>
    <message>
        <source>From system packages</source>
        <translation>来自系统软件包</translation>
    </message>
    <message>
        <source>From pip wheels</source>
        <translation>来自 pip wheel</translation>
    </message>
    <message>
        <source>From conda packages</source>
        <translation>来自 conda 软件包</translation>
    </message>
    <message>
        <source>Next to a program</source>
        <translation>在程序旁边</translation>
    </message>
    <message>
        <source>Elsewhere on the search path</source>
        <translation>搜索路径上的其他位置</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>usable, with warnings</source>
        <translation>可用，但有警告</translation>
    </message>
    <message>
        <source>not usable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>for CUDA %1</source>
        <translation>适用于 CUDA %1</translation>
    </message>
    <message>
        <source>environment %1</source>
        <translation>环境 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n copies</source>
        <translation>
            <numerusform>%n 份</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n environments looked at</source>
        <translation>
            <numerusform>查看了 %n 个环境</numerusform>
        </translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message numerus="yes">
        <source>%n problems found with cuDNN; cudnn-setup --repair lists each with its fix and fixes what it can.</source>
        <translation>
            <numerusform>发现 %n 个 cuDNN 问题；cudnn-setup --repair 会逐一列出并给出解决办法，能修复的会直接修复。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Detector</name>
    <message>
        <source>Driver %1 is older than CUDA %2 asks for (%3); it runs through minor version compatibility, without PTX JIT of newer code.</source>
        <translation>驱动 %1 低于 CUDA %2 要求的版本（%3）；它可以通过次版本兼容运行，但无法对较新的代码进行 PTX JIT。</translation>
    </message>
    <message>
        <source>Update the driver to %1 or newer for full support.</source>
        <translation>请将驱动更新到 %1 或更高版本，以获得完整支持。</translation>
    </message>
    <message>
        <source>Driver %1 is too old for CUDA %2 in %3, which needs %4 or newer.</source>
        <translation>驱动 %1 过旧，无法运行 %3 中的 CUDA %2，后者需要 %4 或更高版本。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer.</source>
        <translation>请将 NVIDIA 驱动更新到 %1 或更高版本。</translation>
    </message>
</context>
<context>
    <name>DiagnosticList</name>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Your GPU is newer than this cuDNN release. It still works: NVIDIA&apos;s forward compatibility runs a common subset of operations on it, but some models may fail with &quot;not supported&quot; errors and nothing is tuned for this GPU yet. Fine for trying things out; for production use a cuDNN release that lists your GPU.</source>
        <translation>您的 GPU 比这个 cuDNN 版本更新。它仍然可以工作：NVIDIA 的前向兼容模式会在它上面运行常用的一部分运算，但有些模型可能报“不支持”错误，而且还没有针对这款 GPU 的调优。用来试用没问题；生产环境请使用已列出您 GPU 的 cuDNN 版本。</translation>
    </message>
    <message>
        <source>This cuDNN build has no code for your GPU: programs would stop with an error the moment they use cuDNN. NVIDIA removes older GPUs from new releases (cuDNN 9.11 dropped Maxwell, Pascal and Volta from its CUDA 12 builds; CUDA 13 never had them), so an older GPU needs an older release.</source>
        <translation>这个 cuDNN 构建不含您 GPU 的代码：程序一用到 cuDNN 就会报错退出。NVIDIA 会在新版本中移除旧 GPU（cuDNN 9.11 的 CUDA 12 构建去掉了 Maxwell、Pascal 和 Volta；CUDA 13 构建从未支持它们），所以旧 GPU 需要旧版本。</translation>
    </message>
    <message>
        <source>Your driver is older than this CUDA version was released with. Most programs run anyway; those that compile GPU code at run time (PTX JIT) may fail until the driver is updated.</source>
        <translation>您的驱动比这个 CUDA 版本发布时附带的驱动旧。大多数程序照常运行；在运行时编译 GPU 代码（PTX JIT）的程序可能失败，直到更新驱动。</translation>
    </message>
    <message>
        <source>NVIDIA builds this cuDNN release against a newer system library (glibc) than this operating system has: it would not load here.</source>
        <translation>NVIDIA 构建这个 cuDNN 版本所用的系统库（glibc）比本操作系统的新：它在这里无法加载。</translation>
    </message>
    <message>
        <source>This program checks only what NVIDIA&apos;s published tables state; for this point they say nothing, so it was not checked rather than guessed.</source>
        <translation>本程序只检查 NVIDIA 公布的表格所写明的内容；这一点表格没有说明，因此没有检查，而不是去猜。</translation>
    </message>
    <message>
        <source>What this means: %1</source>
        <translation>这意味着：%1</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>解决方法：%1</translation>
    </message>
    <message>
        <source>No problems found.</source>
        <translation>未发现问题。</translation>
    </message>
    <message numerus="yes">
        <source>%1 (and %n more like it)</source>
        <translation>
            <numerusform>%1（另有 %n 条同类）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Found for these %n:</source>
        <translation>
            <numerusform>涉及以下 %n 项：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Affects %n</source>
        <translation>
            <numerusform>涉及 %n 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Downloader</name>
    <message>
        <source>Free some space, or choose another cache folder.</source>
        <translation>请释放一些空间，或选择另一个缓存文件夹。</translation>
    </message>
    <message>
        <source>Choose another cache folder.</source>
        <translation>请选择另一个缓存文件夹。</translation>
    </message>
    <message>
        <source>Choose a cache folder this user may write to.</source>
        <translation>请选择当前用户可以写入的缓存文件夹。</translation>
    </message>
    <message>
        <source>Checking the cached %1</source>
        <translation>正在检查缓存的 %1</translation>
    </message>
    <message>
        <source>%1 was already in the cache and its SHA-256 matches; nothing was downloaded.</source>
        <translation>%1 已在缓存中，且 SHA-256 一致；未下载任何内容。</translation>
    </message>
    <message>
        <source>Downloading %1</source>
        <translation>正在下载 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2.</source>
        <translation>无法写入 %1：%2。</translation>
    </message>
    <message>
        <source>Checking the partial %1</source>
        <translation>正在检查未下载完的 %1</translation>
    </message>
    <message numerus="yes">
        <source>The download of %1 was resumed (%n request(s)).</source>
        <translation>
            <numerusform>%1 的下载已续传（%n 次请求）。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 was downloaded and its size and SHA-256 match the manifest.</source>
        <translation>%1 已下载，其大小和 SHA-256 与清单一致。</translation>
    </message>
    <message>
        <source>The connection to %1 kept dropping; %2 of %3 bytes arrived and are kept.</source>
        <translation>与 %1 的连接反复中断；已收到 %3 字节中的 %2 字节，并已保留。</translation>
    </message>
    <message>
        <source>Run the same command again: it resumes where this one stopped.</source>
        <translation>请再次运行同一命令：它会从本次中断处继续下载。</translation>
    </message>
    <message>
        <source>the connection closed before the whole file arrived</source>
        <translation>连接在整个文件传完之前就关闭了</translation>
    </message>
    <message>
        <source>The connection to %1 dropped after %2 of %3 bytes (%4); what arrived is kept.</source>
        <translation>与 %1 的连接在收到 %3 字节中的 %2 字节后中断（%4）；已收到的部分已保留。</translation>
    </message>
    <message>
        <source>%1 has %2 bytes; the manifest says %3. It was deleted.</source>
        <translation>%1 的大小为 %2 字节，而清单中为 %3 字节。该文件已被删除。</translation>
    </message>
    <message>
        <source>Run again; if it happens again, the mirror&apos;s copy or its manifest is out of date.</source>
        <translation>请重新运行；如果再次出现，说明镜像上的副本或其清单已过时。</translation>
    </message>
    <message>
        <source>The SHA-256 of %1 is %2; the manifest says %3. The file was deleted and nothing was installed.</source>
        <translation>%1 的 SHA-256 为 %2，而清单中为 %3。该文件已被删除，未安装任何内容。</translation>
    </message>
    <message>
        <source>Run again; if it happens again, the mirror&apos;s copy is damaged or was altered: tell its administrator.</source>
        <translation>请重新运行；如果再次出现，说明镜像上的副本已损坏或被篡改：请告知其管理员。</translation>
    </message>
    <message>
        <source>Cannot move %1 into place.</source>
        <translation>无法将 %1 移动到目标位置。</translation>
    </message>
</context>
<context>
    <name>DriverDetector</name>
    <message>
        <source>cudnn-probe was not found next to this program (%1).</source>
        <translation>在本程序旁边找不到 cudnn-probe（%1）。</translation>
    </message>
    <message>
        <source>Reinstall cudnn-setup; without the probe the driver is asked through nvidia-smi only.</source>
        <translation>请重新安装 cudnn-setup；缺少 cudnn-probe 时，只能通过 nvidia-smi 查询驱动信息。</translation>
    </message>
    <message>
        <source>The NVIDIA driver did not answer within %1 seconds.</source>
        <translation>NVIDIA 驱动在 %1 秒内没有响应。</translation>
    </message>
    <message>
        <source>Restart the machine; if it persists, reinstall the driver.</source>
        <translation>请重启计算机；如果问题仍然存在，请重新安装驱动。</translation>
    </message>
    <message>
        <source>Loading the driver libraries failed: %1</source>
        <translation>加载驱动库失败：%1</translation>
    </message>
    <message>
        <source>Reinstall the NVIDIA driver.</source>
        <translation>请重新安装 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>No NVIDIA driver found.</source>
        <translation>未找到 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>No NVIDIA driver found (%1).</source>
        <translation>未找到 NVIDIA 驱动（%1）。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your GPU; cuDNN can be installed now, but nothing runs on the GPU without a driver.</source>
        <translation>请为您的 GPU 安装 NVIDIA 驱动；现在可以先安装 cuDNN，但没有驱动，任何程序都无法在 GPU 上运行。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is installed but not working: %1</source>
        <translation>NVIDIA 驱动已安装，但无法正常工作：%1</translation>
    </message>
    <message>
        <source>Check that the GPU is visible (nvidia-smi) and restart after a driver update.</source>
        <translation>请检查 GPU 是否可见（nvidia-smi），并在更新驱动后重启。</translation>
    </message>
</context>
<context>
    <name>ElevationRequest</name>
    <message>
        <source>the package must be an archive file named by its canonical path, not &quot;%1&quot;</source>
        <translation>软件包必须是以规范路径给出的归档文件，而不是“%1”</translation>
    </message>
    <message>
        <source>the package&apos;s SHA-256 must be 64 lowercase hex digits</source>
        <translation>软件包的 SHA-256 必须是 64 位小写十六进制数字</translation>
    </message>
    <message>
        <source>the toolkit must be a folder named by its canonical path, not &quot;%1&quot;</source>
        <translation>工具包必须是以规范路径给出的文件夹，而不是“%1”</translation>
    </message>
    <message>
        <source>an elevated run never changes the invoking user&apos;s search path</source>
        <translation>提权运行从不更改发起用户自己的搜索路径</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a new file in a folder named by its canonical path</source>
        <translation>“%1”必须是以规范路径给出的文件夹中的新文件</translation>
    </message>
    <message>
        <source>the run&apos;s token must be 32 lowercase hex digits</source>
        <translation>本次运行的令牌必须是 32 位小写十六进制数字</translation>
    </message>
</context>
<context>
    <name>EntrySafety</name>
    <message>
        <source>The archive entry &quot;%1&quot; is unsafe: %2.</source>
        <translation>压缩包条目“%1”不安全：%2。</translation>
    </message>
    <message>
        <source>it has no name</source>
        <translation>它没有名称</translation>
    </message>
    <message>
        <source>it is an absolute path</source>
        <translation>它是绝对路径</translation>
    </message>
    <message>
        <source>it climbs out of its folder with &quot;..&quot;</source>
        <translation>它通过 &quot;..&quot; 跳出了所在的文件夹</translation>
    </message>
    <message>
        <source>it is a device, pipe or socket, not a file</source>
        <translation>它是设备、管道或套接字，而不是文件</translation>
    </message>
    <message>
        <source>it is a link to &quot;%1&quot;, outside its own folder</source>
        <translation>它是指向“%1”的链接，目标位于它所在的文件夹之外</translation>
    </message>
    <message>
        <source>it is a hard link to &quot;%1&quot;, which is not an earlier entry in its own folder</source>
        <translation>它是指向“%1”的硬链接，而后者并不是它所在文件夹中排在前面的条目</translation>
    </message>
    <message>
        <source>it lies below &quot;%1&quot;, which is a symbolic link</source>
        <translation>它位于“%1”之下，而后者是一个符号链接</translation>
    </message>
    <message>
        <source>the archive holds it twice; which copy lands depends on order</source>
        <translation>压缩包中包含它两次；最终写入哪一份取决于顺序</translation>
    </message>
    <message>
        <source>its name differs from &quot;%1&quot; only in letter case, and Windows cannot keep both</source>
        <translation>它的名称与“%1”仅有大小写之别，Windows 无法同时保留两者</translation>
    </message>
    <message>
        <source>Do not install this archive. Download the package again from NVIDIA; an official cuDNN archive never contains such entries.</source>
        <translation>请勿安装此压缩包。请从 NVIDIA 重新下载；官方 cuDNN 压缩包绝不会包含这样的条目。</translation>
    </message>
</context>
<context>
    <name>EnvironmentConflict</name>
    <message>
        <source>nowhere</source>
        <translation>（未找到）</translation>
    </message>
    <message>
        <source>A new program loading %1 gets %2, not the target toolkit&apos;s copy.</source>
        <translation>新启动的程序加载 %1 时得到的是 %2，而不是目标工具包中的副本。</translation>
    </message>
    <message>
        <source>A new program cannot find %1 at all.</source>
        <translation>新启动的程序根本找不到 %1。</translation>
    </message>
    <message>
        <source>A new program loading %1 gets %2, which a user PATH change cannot override.</source>
        <translation>新启动的程序加载 %1 时得到的是 %2，修改用户 PATH 无法改变这一点。</translation>
    </message>
    <message>
        <source>%1 is loaded from %2 regardless of any search path.</source>
        <translation>无论搜索路径如何，%1 都会从 %2 加载。</translation>
    </message>
    <message>
        <source>%1 has no %2 of its own; a new program gets %3.</source>
        <translation>%1 自身没有 %2；新启动的程序会得到 %3。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>New logins get %1 from %2 (the search path fix is in place); programs started before it still get %3.</source>
        <translation>新登录的会话会从 %2 得到 %1（搜索路径修正已生效）；在此之前启动的程序仍会得到 %3。</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Programs started from now on see the change (Windows tells new processes at once), but programs already running, and anything started from them (a terminal, an IDE, a Jupyter kernel), keep their old environment: restart them.</source>
        <translation>从现在起启动的程序会看到这一更改（Windows 会立即通知新进程），但已在运行的程序以及从它们启动的任何程序（终端、IDE、Jupyter 内核）会保留原有的环境：请重新启动它们。</translation>
    </message>
    <message>
        <source>The loader cache applies to every new program at once; the PATH change reaches new login shells only (/etc/profile.d). Terminals and IDEs already open keep their old PATH: open them again.</source>
        <translation>加载器缓存会立即对每个新启动的程序生效；PATH 的更改只对新的登录 shell 生效（/etc/profile.d）。已打开的终端和 IDE 会保留原有的 PATH：请重新打开它们。</translation>
    </message>
    <message>
        <source>The fix is in your login profile, which only login shells read, and in ~/.config/environment.d, which graphical sessions read when they start: sign out and in again so terminals, IDEs and Jupyter kernels started from the desktop get it. A terminal that starts a non-login shell in a session begun before the fix does not see it; open a login shell there.</source>
        <translation>修正写在登录配置文件中（只有登录 shell 会读取）以及 ~/.config/environment.d 中（图形会话在启动时读取）：请注销后重新登录，这样从桌面启动的终端、IDE 和 Jupyter 内核才能得到它。在修正之前开始的会话中，启动非登录 shell 的终端看不到它；请在那里打开一个登录 shell。</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>%1 points at %2, not at %3.</source>
        <translation>%1 指向 %2，而不是 %3。</translation>
    </message>
    <message>
        <source>Build scripts that use %1 get that toolkit; retarget the link in machine scope if they should get this one.</source>
        <translation>使用 %1 的构建脚本会用到那个工具包；如果它们应当使用此工具包，请在系统范围内修改该链接的指向。</translation>
    </message>
    <message>
        <source>%2 has no loadable %1 now (the file is missing, or a link to nothing), so a new program gets %3. Once the file is there again, new logins get it from %2: the search path fix is in place.</source>
        <translation>%2 现在没有可加载的 %1（文件缺失，或是指向不存在目标的链接），因此新程序得到的是 %3。文件恢复后，新的登录会从 %2 得到它：搜索路径修复已经生效。</translation>
    </message>
    <message>
        <source>These are loaded from %1 regardless of any search path.</source>
        <translation>无论搜索路径如何，这些都会从 %1 加载。</translation>
    </message>
    <message>
        <source>%1 has none of these of its own; a new program gets them from %2.</source>
        <translation>%1 自己没有这些库；新程序会从 %2 取得它们。</translation>
    </message>
    <message>
        <source>%1 has none of these of its own, and a new program finds them nowhere.</source>
        <translation>%1 自己没有这些库，新程序也哪里都找不到它们。</translation>
    </message>
    <message>
        <source>New logins get these from %1 (the search path fix is in place); programs started before it still get them from %2.</source>
        <translation>新登录会从 %1 取得这些库（搜索路径的修复已生效）；在此之前启动的程序仍从 %2 取得它们。</translation>
    </message>
    <message>
        <source>New logins get these from %1 (the search path fix is in place); programs started before it find them nowhere.</source>
        <translation>新登录会从 %1 取得这些库（搜索路径的修复已生效）；在此之前启动的程序哪里都找不到它们。</translation>
    </message>
    <message>
        <source>New programs get these from %1, not from %2, and a user PATH change cannot override that.</source>
        <translation>新程序会从 %1 而不是 %2 取得这些库，修改用户 PATH 也无法改变这一点。</translation>
    </message>
    <message>
        <source>New programs get these from %1, not from %2.</source>
        <translation>新程序会从 %1 而不是 %2 取得这些库。</translation>
    </message>
    <message>
        <source>A new program cannot find these at all: %1 is not on the search path.</source>
        <translation>新程序根本找不到这些库：%1 不在搜索路径上。</translation>
    </message>
</context>
<context>
    <name>EnvironmentOutcome</name>
    <message>
        <source>no package and toolkit were chosen</source>
        <translation>未选择安装包和工具包</translation>
    </message>
    <message>
        <source>a deploy copies next to the application, whose folder is searched first: the search path is not changed</source>
        <translation>部署会将文件复制到应用程序旁边，而应用程序所在文件夹会被最先搜索：搜索路径不做更改</translation>
    </message>
    <message>
        <source>as asked</source>
        <translation>按要求</translation>
    </message>
</context>
<context>
    <name>EnvironmentPage</name>
    <message>
        <source>Search path</source>
        <translation>搜索路径</translation>
    </message>
    <message>
        <source>Fix it for &amp;me (user PATH / login profile)</source>
        <translation>仅为我修正（用户 PATH / 登录配置文件）(&amp;M)</translation>
    </message>
    <message>
        <source>Fix it for &amp;all users (needs administrator rights)</source>
        <translation>为所有用户修正（需要管理员权限）(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Leave the search path alone</source>
        <translation>不修改搜索路径(&amp;L)</translation>
    </message>
    <message>
        <source>Changes to the search path</source>
        <translation>搜索路径的更改</translation>
    </message>
    <message>
        <source>Choose a package and a toolkit first.</source>
        <translation>请先选择安装包和工具包。</translation>
    </message>
    <message>
        <source>Following the search order…</source>
        <translation>正在按搜索顺序查找…</translation>
    </message>
    <message>
        <source>Nothing needs to change.</source>
        <translation>无需任何更改。</translation>
    </message>
    <message>
        <source>A new program already loads every library from this toolkit.</source>
        <translation>新启动的程序已从此工具包加载所有库。</translation>
    </message>
    <message>
        <source>Which copy of each library a new program will load, and what changes so the new one wins. Install makes these changes together with the files.</source>
        <translation>新程序会加载每个库的哪一份副本，以及改动什么能让新副本优先加载。安装时这些更改与文件一并完成。</translation>
    </message>
    <message numerus="yes">
        <source>The search path stays as it is: a new program would take %n of the libraries from another copy, or find none.</source>
        <translation>
            <numerusform>搜索路径保持不变：新启动的程序会有 %n 个库从其他副本加载，或根本找不到。</numerusform>
        </translation>
    </message>
    <message>
        <source>A new program already loads every library from this toolkit; nothing needs to change.</source>
        <translation>新启动的程序已从此工具包加载所有库；无需任何更改。</translation>
    </message>
    <message numerus="yes">
        <source>After the install, a new program loads every library from this toolkit (now it would take %n of them from another copy, or find none).</source>
        <translation>
            <numerusform>安装后，新启动的程序将从此工具包加载所有库（目前有 %n 个库会从其他副本加载，或根本找不到）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>After the install, a new program still takes %n of the libraries from another copy, or finds none; the problems below say why and what to do.</source>
        <translation>
            <numerusform>安装后，新启动的程序仍有 %n 个库从其他副本加载或根本找不到；下方的问题说明了原因和处理办法。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Install needs administrator rights&lt;/b&gt; to write into %1: it asks for them once, for that step only. If you prefer, run this command in a terminal first; Install then does the rest.</source>
        <translation>&lt;b&gt;安装需要管理员权限&lt;/b&gt;才能写入 %1：只为这一步请求一次。如果你更愿意自己来，请先在终端中运行下面的命令；之后“安装”会完成其余步骤。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Install needs administrator rights&lt;/b&gt; to write into %1, and nothing on this computer can ask for them (pkexec is missing). Run this command in a terminal first; Install then does the rest.</source>
        <translation>&lt;b&gt;安装需要管理员权限&lt;/b&gt;才能写入 %1，而这台计算机上没有程序能请求这些权限（缺少 pkexec）。请先在终端中运行下面的命令；之后“安装”会完成其余步骤。</translation>
    </message>
    <message>
        <source>Fix it for &amp;me (my user Path)</source>
        <translation>仅为我修正（我的用户 Path）(&amp;M)</translation>
    </message>
</context>
<context>
    <name>EnvironmentRefresh</name>
    <message>
        <source>the environment refresh has no &quot;when&quot;</source>
        <translation>环境刷新操作缺少“when”</translation>
    </message>
    <message>
        <source>Windows did not confirm the environment change (%1); sign out and in if new programs still see the old PATH.</source>
        <translation>Windows 未确认环境更改（%1）；如果新启动的程序仍然看到旧的 PATH，请注销后重新登录。</translation>
    </message>
    <message>
        <source>ldconfig failed, so the loader cache was not rebuilt: %1</source>
        <translation>ldconfig 执行失败，加载器缓存未重建：%1</translation>
    </message>
</context>
<context>
    <name>EnvironmentService</name>
    <message>
        <source>The plan cannot be applied: %1</source>
        <translation>无法应用该计划：%1</translation>
    </message>
</context>
<context>
    <name>EnvironmentStep</name>
    <message>
        <source>%1 changed after the plan was made; analyse again before applying.</source>
        <translation>制定计划之后 %1 发生了变化；请重新分析后再应用。</translation>
    </message>
    <message>
        <source>cannot change %1: injected fault</source>
        <translation>无法更改 %1：注入的故障</translation>
    </message>
    <message>
        <source>The environment step &quot;%1&quot; is unknown or incomplete.</source>
        <translation>环境步骤“%1”未知或不完整。</translation>
    </message>
    <message>
        <source>Cannot write %1: there is no registry here.</source>
        <translation>无法写入 %1：这里没有注册表。</translation>
    </message>
    <message>
        <source>Cannot restore %1: there is no registry here.</source>
        <translation>无法还原 %1：这里没有注册表。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Cannot restore %1: %2</source>
        <translation>无法还原 %1：%2</translation>
    </message>
    <message>
        <source>%1 was changed after cudnn-setup wrote it; it is left as it is now.</source>
        <translation>%1 在 cudnn-setup 写入后又被修改过；将保持其当前状态。</translation>
    </message>
    <message>
        <source>%1 was changed after cudnn-setup wrote it; only the entries cudnn-setup added were taken out, later changes are kept.</source>
        <translation>%1 在 cudnn-setup 写入后又被修改过；只移除了 cudnn-setup 添加的条目，之后的修改均已保留。</translation>
    </message>
    <message>
        <source>Cannot remove %1.</source>
        <translation>无法删除 %1。</translation>
    </message>
    <message>
        <source>Cannot create the folder of %1.</source>
        <translation>无法创建 %1 所在的文件夹。</translation>
    </message>
    <message>
        <source>Cannot rename %1 to %2.</source>
        <translation>无法将 %1 重命名为 %2。</translation>
    </message>
    <message>
        <source>%1 is in the way; move it before quarantining %2.</source>
        <translation>%1 已存在，挡住了去路；请先将其移走，再隔离 %2。</translation>
    </message>
    <message>
        <source>%1 was not put back: %2</source>
        <translation>%1 未能还原：%2</translation>
    </message>
    <message>
        <source>a file of that name exists again.</source>
        <translation>同名文件又出现了。</translation>
    </message>
    <message>
        <source>the quarantined copy is gone.</source>
        <translation>被隔离的副本已不存在。</translation>
    </message>
    <message>
        <source>Cannot point %1 at %2: %3</source>
        <translation>无法让 %1 指向 %2：%3</translation>
    </message>
    <message>
        <source>%1 was pointed elsewhere after cudnn-setup changed it; it is left as it is now.</source>
        <translation>%1 在 cudnn-setup 修改后又被指向了别处；将保持其当前状态。</translation>
    </message>
    <message>
        <source>The cudnn-setup block in %1 is another install&apos;s fix now; it is left as it is.</source>
        <translation>%1 中的 cudnn-setup 段现在属于另一次安装的修正；保持原样不动。</translation>
    </message>
    <message>
        <source>%1 was edited after cudnn-setup wrote it; only the cudnn-setup block was taken back.</source>
        <translation>%1 在 cudnn-setup 写入后又被编辑过；只撤回了 cudnn-setup 添加的那一段。</translation>
    </message>
</context>
<context>
    <name>ExplainCommand</name>
    <message>
        <source>Paste the error your program printed, then press Ctrl+Z and Enter:
</source>
        <translation>请粘贴程序输出的报错，然后按 Ctrl+Z 和 Enter：
</translation>
    </message>
    <message>
        <source>Paste the error your program printed, then press Ctrl+D:
</source>
        <translation>请粘贴程序输出的报错，然后按 Ctrl+D：
</translation>
    </message>
    <message>
        <source>cudnn-setup: %1
  %2
</source>
        <translation>cudnn-setup：%1
  %2
</translation>
    </message>
    <message>
        <source>No message cudnn-setup knows is in this text, so it cannot say what causes it.
Give the whole error: the traceback and the lines the program printed before it.
</source>
        <translation>这段文本中没有 cudnn-setup 认识的报错信息，因此无法说明原因。
请提供完整的报错：包括 traceback 以及程序在它之前输出的内容。
</translation>
    </message>
    <message numerus="yes">
        <source>Recognised %n message(s):
</source>
        <translation>
            <numerusform>识别出 %n 条报错信息：
</numerusform>
        </translation>
    </message>
    <message>
        <source>Cause %1 (%2, %3): %4
</source>
        <translation>原因 %1（%2，%3）：%4
</translation>
    </message>
    <message>
        <source>  In: %1
</source>
        <translation>  涉及：%1
</translation>
    </message>
    <message>
        <source>  Fix: %1
</source>
        <translation>  解决方法：%1
</translation>
    </message>
    <message>
        <source>  cudnn-setup --repair fixes it (cudnn-setup --explain --repair: the same, at once).
</source>
        <translation>  cudnn-setup --repair 可以修复此问题（cudnn-setup --explain --repair：一步完成诊断和修复）。
</translation>
    </message>
    <message>
        <source>This machine shows no cause of it:
</source>
        <translation>本机上找不到它的原因：
</translation>
    </message>
    <message>
        <source>The message must come from another Python environment, container or machine: run cudnn-setup --explain there, or name the environment here with --python-env DIR.
</source>
        <translation>这条报错一定来自其他 Python 环境、容器或机器：请在那里运行 cudnn-setup --explain，或在这里用 --python-env DIR 指定该环境。
</translation>
    </message>
</context>
<context>
    <name>ExplainDialog</name>
    <message>
        <source>&amp;Explain</source>
        <translation>解释(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Repair now</source>
        <translation>立即修复(&amp;R)</translation>
    </message>
    <message>
        <source>Explain an error</source>
        <translation>解释一条错误信息</translation>
    </message>
    <message>
        <source>Paste the error your program printed: the whole traceback and the lines before it. cudnn-setup reads it against this machine and names what causes it here.</source>
        <translation>粘贴程序打印的错误信息：完整的回溯以及它之前的几行。cudnn-setup 会对照本机读取它，并指出在本机上是什么导致了它。</translation>
    </message>
    <message>
        <source>The error text</source>
        <translation>错误信息文本</translation>
    </message>
    <message>
        <source>For example: Could not load library libcudnn_cnn_infer.so.8</source>
        <translation>例如：Could not load library libcudnn_cnn_infer.so.8</translation>
    </message>
    <message>
        <source>Causes found on this machine</source>
        <translation>在本机上找到的原因</translation>
    </message>
    <message>
        <source>Close and apply the repair&apos;s automatic fixes</source>
        <translation>关闭并应用修复的自动修复项</translation>
    </message>
    <message>
        <source>Reading the text, then looking at this machine…</source>
        <translation>正在读取文本，然后检查本机…</translation>
    </message>
    <message>
        <source>No message cudnn-setup knows is in this text, so it cannot say what causes it. Paste the whole error: the traceback and the lines the program printed before it.</source>
        <translation>这段文本中没有 cudnn-setup 认识的消息，因此无法说明原因。请粘贴完整的错误：回溯以及程序在它之前打印的几行。</translation>
    </message>
    <message numerus="yes">
        <source>Recognised %n message(s), but this machine shows no cause of it:</source>
        <translation>
            <numerusform>识别出 %n 条消息，但本机上看不出导致它的原因：</numerusform>
        </translation>
    </message>
    <message>
        <source>The message must come from another Python environment, container or machine: run cudnn-setup there, or add the environment on the System page.</source>
        <translation>该消息一定来自另一个 Python 环境、容器或机器：请在那里运行 cudnn-setup，或在“系统”页面添加该环境。</translation>
    </message>
    <message numerus="yes">
        <source>Recognised %n message(s).</source>
        <translation>
            <numerusform>识别出 %n 条消息。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cause(s) found on this machine, the most likely first:</source>
        <translation>
            <numerusform>在本机上找到 %n 个原因，最可能的排在前面：</numerusform>
        </translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>In: %1</source>
        <translation>所在环境：%1</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>解决方法：%1</translation>
    </message>
    <message>
        <source>Command: %1</source>
        <translation>命令：%1</translation>
    </message>
    <message>
        <source>The repair fixes it: press Repair now.</source>
        <translation>修复可以解决它：请按“立即修复”。</translation>
    </message>
</context>
<context>
    <name>ExplainOutcome</name>
    <message>
        <source>The text is larger than %1 MiB, so none of it was read.</source>
        <translation>文本超过 %1 MiB，因此没有读取任何内容。</translation>
    </message>
    <message>
        <source>Give the part of the log around the error: the traceback and the lines before it.</source>
        <translation>请只提供日志中报错附近的部分：traceback 以及它之前的几行。</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>Save the error text in a file and give that file.</source>
        <translation>请把报错文本保存到文件中，再提供该文件。</translation>
    </message>
</context>
<context>
    <name>FetchOutcome</name>
    <message>
        <source>Checking the cached archive</source>
        <translation>正在检查缓存的压缩包</translation>
    </message>
</context>
<context>
    <name>FetchPlan</name>
    <message>
        <source>cuDNN %1 for CUDA %2 (%3)</source>
        <translation>适用于 CUDA %2 的 cuDNN %1（%3）</translation>
    </message>
    <message>
        <source>Fetch %1, %2 MiB, from %3.
</source>
        <translation>获取 %1（%2 MiB），来源：%3。
</translation>
    </message>
    <message>
        <source>Nothing to fetch.
</source>
        <translation>没有需要获取的内容。
</translation>
    </message>
    <message>
        <source>Not chosen:
</source>
        <translation>未选中：
</translation>
    </message>
    <message numerus="yes">
        <source>  ... and %n more (the report lists every one).
</source>
        <translation>
            <numerusform>  ……以及另外 %n 个（报告中列出了全部）。
</numerusform>
        </translation>
    </message>
    <message>
        <source>the toolkit at %1 (CUDA %2)</source>
        <translation>位于 %1 的工具包（CUDA %2）</translation>
    </message>
    <message>
        <source>the toolkit at %1</source>
        <translation>位于 %1 的工具包</translation>
    </message>
    <message>
        <source>the driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>no driver found</source>
        <translation>未找到驱动</translation>
    </message>
    <message numerus="yes">
        <source>%1 is the newest of %2 offered for %3 that fits %4, %5 and %n GPU(s).</source>
        <translation>
            <numerusform>%1 是为 %3 提供的 %2 个版本中适合 %4、%5 和 %n 块 GPU 的最新版本。</numerusform>
        </translation>
    </message>
    <message>
        <source>The mirror offers no cuDNN for %1 (it has: %2).</source>
        <translation>镜像未提供适用于 %1 的 cuDNN（它提供的有：%2）。</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Use NVIDIA&apos;s redist root, or copy the %1 archives and their manifests to the mirror.</source>
        <translation>请使用 NVIDIA 的 redist 根目录，或将 %1 的压缩包及其清单复制到镜像中。</translation>
    </message>
    <message>
        <source>No cuDNN offered for %1 is built for CUDA %2, the toolkit at %3 (there are builds for CUDA %4).</source>
        <translation>为 %1 提供的 cuDNN 中，没有为 CUDA %2（位于 %3 的工具包）构建的版本（现有为 CUDA %4 构建的版本）。</translation>
    </message>
    <message>
        <source>Add the manifest of a cuDNN release built for CUDA %1 to the mirror, or install into a CUDA toolkit it has a build for.</source>
        <translation>请将为 CUDA %1 构建的某个 cuDNN 版本的清单添加到镜像中，或安装到一个有对应构建版本的 CUDA 工具包中。</translation>
    </message>
    <message>
        <source>Nothing offered fits the toolkit at %1; the newest build for CUDA %2, %3, is held back by: %4</source>
        <translation>没有适合位于 %1 的工具包的版本；为 CUDA %2 构建的最新版本 %3 因以下原因被排除：%4</translation>
    </message>
</context>
<context>
    <name>FetchSource</name>
    <message>
        <source>&quot;%1&quot; is not an http://, https:// or file:// address.</source>
        <translation>“%1”不是 http://、https:// 或 file:// 地址。</translation>
    </message>
    <message>
        <source>Give the folder that holds the redistrib_*.json files, e.g. http://mirror.lab/cudnn/redist/ or file:///srv/cudnn/redist/.</source>
        <translation>请给出存放 redistrib_*.json 文件的文件夹，例如 http://mirror.lab/cudnn/redist/ 或 file:///srv/cudnn/redist/。</translation>
    </message>
</context>
<context>
    <name>FetchSummary</name>
    <message>
        <source>Reading the cuDNN manifests at %1
</source>
        <translation>正在读取 %1 处的 cuDNN 清单
</translation>
    </message>
    <message>
        <source>Already in the cache, verified: %1
</source>
        <translation>已在缓存中，校验通过：%1
</translation>
    </message>
    <message>
        <source>Would download %1 MiB into %2 (nothing was downloaded).
</source>
        <translation>将下载 %1 MiB 到 %2（未下载任何内容）。
</translation>
    </message>
    <message>
        <source>Using the cached %1 (SHA-256 verified).
</source>
        <translation>使用缓存的 %1（SHA-256 校验通过）。
</translation>
    </message>
    <message>
        <source>Downloaded and verified %1.
</source>
        <translation>已下载并校验 %1。
</translation>
    </message>
</context>
<context>
    <name>FileLock</name>
    <message>
        <source>%1 keeps changing</source>
        <translation>%1 一直在变化</translation>
    </message>
</context>
<context>
    <name>FileSystem</name>
    <message>
        <source>cannot copy %1 to %2</source>
        <translation>无法将 %1 复制到 %2</translation>
    </message>
    <message>
        <source>%1 is neither a file nor a link</source>
        <translation>%1 既不是文件也不是链接</translation>
    </message>
    <message>
        <source>cannot move %1 to %2: %3</source>
        <translation>无法将 %1 移动到 %2：%3</translation>
    </message>
    <message>
        <source>cannot create the folder %1: %2</source>
        <translation>无法创建文件夹 %1：%2</translation>
    </message>
    <message>
        <source>%1 is a folder</source>
        <translation>%1 是文件夹</translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation>无法删除 %1：%2</translation>
    </message>
    <message>
        <source>cannot create the link %1: links are not installed on Windows</source>
        <translation>无法创建链接 %1：在 Windows 上不安装链接</translation>
    </message>
    <message>
        <source>cannot create the link %1: %2</source>
        <translation>无法创建链接 %1：%2</translation>
    </message>
    <message>
        <source>cannot flush %1 to the disk: %2</source>
        <translation>无法将 %1 刷写到磁盘：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>FileWriter</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>injected fault</source>
        <translation>注入的故障</translation>
    </message>
    <message>
        <source>cannot flush %1 to the disk: %2</source>
        <translation>无法将 %1 刷写到磁盘：%2</translation>
    </message>
    <message>
        <source>cannot set the permissions of %1: %2</source>
        <translation>无法设置 %1 的权限：%2</translation>
    </message>
    <message>
        <source>%1 came out %2 bytes long instead of %3</source>
        <translation>%1 的长度为 %2 字节，而应为 %3 字节</translation>
    </message>
    <message>
        <source>%1 has the SHA-256 %2 instead of %3</source>
        <translation>%1 的 SHA-256 为 %2，而应为 %3</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
</context>
<context>
    <name>FindingText</name>
    <message numerus="yes">
        <source>affects %n: %1</source>
        <translation>
            <numerusform>涉及 %n 项：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FinishPage</name>
    <message>
        <source>&amp;Save the report…</source>
        <translation>保存报告(&amp;S)…</translation>
    </message>
    <message>
        <source>Open the &amp;log</source>
        <translation>打开日志(&amp;L)</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <source>The newest install was taken back from %1.</source>
        <translation>已从 %1 撤回最近一次安装。</translation>
    </message>
    <message>
        <source>Nothing was uninstalled; %1 is as it was.</source>
        <translation>未卸载任何内容；%1 保持原样。</translation>
    </message>
    <message>
        <source>cuDNN %1 is installed in %2.</source>
        <translation>cuDNN %1 已安装到 %2。</translation>
    </message>
    <message>
        <source>cuDNN was not installed; %1 is as it was.</source>
        <translation>未安装 cuDNN；%1 保持原样。</translation>
    </message>
    <message>
        <source>The search path puts this toolkit first.</source>
        <translation>搜索路径已将此工具包排在最前。</translation>
    </message>
    <message>
        <source>The search path already found this toolkit first.</source>
        <translation>搜索路径原本就会最先找到此工具包。</translation>
    </message>
    <message>
        <source>The search path was not changed.</source>
        <translation>搜索路径未更改。</translation>
    </message>
    <message>
        <source>Benchmark: %1</source>
        <translation>基准测试：%1</translation>
    </message>
    <message numerus="yes">
        <source>Repaired: %n fixes applied.</source>
        <translation>
            <numerusform>已修复：应用了 %n 项修复。</numerusform>
        </translation>
    </message>
    <message>
        <source>The repair was stopped and rolled back; the toolkits are as they were.</source>
        <translation>修复已停止并回滚；各工具包保持原样。</translation>
    </message>
    <message>
        <source>Nothing is left to repair.</source>
        <translation>已没有需要修复的内容。</translation>
    </message>
    <message>
        <source>Some problems are left; see below.</source>
        <translation>仍有一些问题，请见下文。</translation>
    </message>
    <message>
        <source>To take this install back later, run cudnn-setup again and choose Switch or uninstall.</source>
        <translation>如需日后撤回此次安装，请再次运行 cudnn-setup 并选择“切换或卸载”。</translation>
    </message>
    <message>
        <source>Save the report</source>
        <translation>保存报告</translation>
    </message>
    <message>
        <source>JSON report (*.json)</source>
        <translation>JSON 报告 (*.json)</translation>
    </message>
    <message>
        <source>Saved to %1</source>
        <translation>已保存到 %1</translation>
    </message>
    <message>
        <source>Could not save the report: %1</source>
        <translation>无法保存报告：%1</translation>
    </message>
    <message>
        <source>cuDNN %1 and the CUDA runtime libraries were copied into %2.</source>
        <translation>cuDNN %1 和 CUDA 运行库已复制到 %2。</translation>
    </message>
    <message>
        <source>Nothing was deployed; %1 is as it was.</source>
        <translation>未部署任何内容；%1 保持原样。</translation>
    </message>
    <message>
        <source>Every cuDNN library loads from the toolkit (%1).</source>
        <translation>每个 cuDNN 库都从工具包加载（%1）。</translation>
    </message>
    <message>
        <source>cuDNN does not load as it should; see the findings below.</source>
        <translation>cuDNN 未能正常加载；请查看下方的检查结果。</translation>
    </message>
    <message>
        <source>The search path puts this toolkit first. %1</source>
        <translation>搜索路径已将此工具包排在最前。%1</translation>
    </message>
    <message>
        <source>No log was written.</source>
        <translation>没有写入日志。</translation>
    </message>
    <message>
        <source>No program to show it was found. The log is %1.</source>
        <translation>未找到可打开日志的程序。日志位于 %1。</translation>
    </message>
    <message>
        <source>What changed, what to do next, and the report to keep.</source>
        <translation>做了哪些更改、接下来要做什么，以及可以保存的报告。</translation>
    </message>
    <message>
        <source>Now: %1</source>
        <translation>现在：%1</translation>
    </message>
</context>
<context>
    <name>FrameworkConfirmation</name>
    <message>
        <source>cuDNN %1 from %2</source>
        <translation>来自 %2 的 cuDNN %1</translation>
    </message>
    <message>
        <source>no cuDNN</source>
        <translation>无 cuDNN</translation>
    </message>
    <message>
        <source>%1 %2 in %3 was predicted to load %4, but its interpreter loaded %5.</source>
        <translation>预测 %3 中的 %1 %2 会加载 %4，但它的解释器实际加载的是 %5。</translation>
    </message>
    <message>
        <source>Trust what the interpreter loaded; the difference is worth a report.</source>
        <translation>以解释器实际加载的为准；这一差异值得报告。</translation>
    </message>
    <message>
        <source>%1 %2 in %3 is judged from its files alone: its interpreter %4 could not confirm it (%5).</source>
        <translation>%3 中的 %1 %2 仅根据其文件判断：它的解释器 %4 无法确认（%5）。</translation>
    </message>
</context>
<context>
    <name>FrameworkJudge</name>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%1 %2（位于 %3）</translation>
    </message>
    <message>
        <source>%1 has no GPU build on native Windows: it runs on the CPU and loads no cuDNN.</source>
        <translation>%1 在原生 Windows 上没有 GPU 版本：它在 CPU 上运行，不加载任何 cuDNN。</translation>
    </message>
    <message>
        <source>Run it in WSL2, or use version %1 (the last with native Windows GPU support).</source>
        <translation>请在 WSL2 中运行它，或改用 %1 版本（最后一个支持原生 Windows GPU 的版本）。</translation>
    </message>
    <message>
        <source>%1: which cuDNN this build was made with is not known, so whether it fits is not known either.</source>
        <translation>%1：不知道此版本是用哪个 cuDNN 构建的，因此也无法判断是否匹配。</translation>
    </message>
    <message>
        <source>%1 was built with cuDNN %2 but its own copy at %3 is cuDNN %4.</source>
        <translation>%1 是用 cuDNN %2 构建的，但它自带的副本（%3）是 cuDNN %4。</translation>
    </message>
    <message>
        <source>Reinstall the framework so that pip brings the cuDNN it requires.</source>
        <translation>请重新安装该框架，让 pip 带来它所需的 cuDNN。</translation>
    </message>
    <message>
        <source>%1 uses its own cuDNN %2 (%3, %4): the toolkit&apos;s cuDNN does not matter to it.</source>
        <translation>%1 使用自带的 cuDNN %2（%3，%4）：工具包中的 cuDNN 与它无关。</translation>
    </message>
    <message>
        <source>%1 expects cuDNN %2 in its own folder and has none; Python 3.8 and later does not search PATH for it.</source>
        <translation>%1 期望在自己的文件夹中找到 cuDNN %2，但那里没有；Python 3.8 及更高版本不会在 PATH 中为它查找。</translation>
    </message>
    <message>
        <source>Add the folder of a fitting cuDNN to the program&apos;s DLL directories, or reinstall the framework.</source>
        <translation>请把匹配的 cuDNN 所在文件夹加入程序的 DLL 目录，或重新安装该框架。</translation>
    </message>
    <message>
        <source>Reinstall the framework with its CUDA build.</source>
        <translation>请重新安装该框架的 CUDA 版本。</translation>
    </message>
    <message>
        <source>cuDNN %1.%2 or later %1.x for CUDA %3</source>
        <translation>适用于 CUDA %3 的 cuDNN %1.%2 或更高的 %1.x</translation>
    </message>
    <message>
        <source>%1 was built with cuDNN %2 and loads only a cuDNN %3.x; the search path offers cuDNN %4 (%5).</source>
        <translation>%1 是用 cuDNN %2 构建的，只加载 cuDNN %3.x；搜索路径上提供的是 cuDNN %4（%5）。</translation>
    </message>
    <message>
        <source>Install %1 next to it.</source>
        <translation>请在旁边再安装 %1。</translation>
    </message>
    <message>
        <source>Install %1 next to it, or use %2, which is built with cuDNN %3.</source>
        <translation>请在旁边再安装 %1，或改用以 cuDNN %3 构建的 %2。</translation>
    </message>
    <message>
        <source>%1 loads cuDNN %2.x by name, and none is on the library search path (cuDNN %3 lies at %4, where no search reaches).</source>
        <translation>%1 按名称加载 cuDNN %2.x，但库搜索路径上没有（cuDNN %3 位于 %4，任何搜索都找不到那里）。</translation>
    </message>
    <message>
        <source>%1 loads cuDNN %2.x by name, and none is on the library search path.</source>
        <translation>%1 按名称加载 cuDNN %2.x，但库搜索路径上没有。</translation>
    </message>
    <message>
        <source>Install %1.</source>
        <translation>请安装 %1。</translation>
    </message>
    <message>
        <source>%1 loads the cuDNN %2.x at %3, whose minor version nothing states: whether it is at least %4 is not known.</source>
        <translation>%1 加载位于 %3 的 cuDNN %2.x，其次版本号无从得知：无法判断它是否至少为 %4。</translation>
    </message>
    <message>
        <source>%1 was built with cuDNN %2 and refuses the older cuDNN %3 it finds at %4.</source>
        <translation>%1 是用 cuDNN %2 构建的，会拒绝它在 %4 找到的较旧的 cuDNN %3。</translation>
    </message>
    <message>
        <source>%1 loads cuDNN %2 from %3 (%4): it fits.</source>
        <translation>%1 从 %3（%4）加载 cuDNN %2：匹配。</translation>
    </message>
    <message>
        <source>%1 loads cuDNN %2, which does not run on a GPU of compute capability %3 (it needs %4 or higher).</source>
        <translation>%1 加载的 cuDNN %2 无法在计算能力为 %3 的 GPU 上运行（需要 %4 或更高）。</translation>
    </message>
    <message>
        <source>Use a build with cuDNN %1 or older.</source>
        <translation>请使用带 cuDNN %1 或更早版本的构建。</translation>
    </message>
    <message>
        <source>This GPU is below what any cuDNN of that CUDA major supports.</source>
        <translation>这块 GPU 低于该 CUDA 主版本的任何 cuDNN 所支持的范围。</translation>
    </message>
    <message>
        <source>%1 needs cuDNN %2.x and %3 %4 in the same environment needs cuDNN %5.x: no single cuDNN serves both in one process.</source>
        <translation>%1 需要 cuDNN %2.x，而同一环境中的 %3 %4 需要 cuDNN %5.x：在同一进程中没有一个 cuDNN 能同时满足两者。</translation>
    </message>
    <message>
        <source>Keep %1 in a separate environment.</source>
        <translation>请把 %1 放在单独的环境中。</translation>
    </message>
    <message>
        <source>Install %1 (built with cuDNN %2), or keep %3 in a separate environment.</source>
        <translation>请安装 %1（以 cuDNN %2 构建），或把 %3 放在单独的环境中。</translation>
    </message>
    <message>
        <source>%1 is a build without CUDA (%2 says so): it loads no cuDNN.</source>
        <translation>%1 是不含 CUDA 的构建（%2 如此说明）：它不加载任何 cuDNN。</translation>
    </message>
    <message>
        <source>%1 requires %2 but its own copy at %3 is cuDNN %4.</source>
        <translation>%1 要求 %2，但它自带的位于 %3 的副本是 cuDNN %4。</translation>
    </message>
    <message>
        <source>%1 requires %2 and the cuDNN it finds at %3 is %4.</source>
        <translation>%1 要求 %2，而它在 %3 找到的 cuDNN 是 %4。</translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>驱动 %1</translation>
    </message>
    <message>
        <source>a driver that supports CUDA %1 at most</source>
        <translation>最高只支持 CUDA %1 的驱动</translation>
    </message>
    <message>
        <source>%1 is built with CUDA %2, which needs NVIDIA driver %3 or newer; this machine has %4.</source>
        <translation>%1 是用 CUDA %2 构建的，需要 %3 或更新的 NVIDIA 驱动；本机是%4。</translation>
    </message>
    <message>
        <source>%1 is built with CUDA %2, which this machine&apos;s %3 cannot run.</source>
        <translation>%1 是用 CUDA %2 构建的，本机的%3无法运行它。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer</source>
        <translation>将 NVIDIA 驱动更新到 %1 或更新的版本</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver</source>
        <translation>更新 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>%1, or install the build for CUDA %2: %3</source>
        <translation>%1，或安装面向 CUDA %2 的构建：%3</translation>
    </message>
</context>
<context>
    <name>FrameworkList</name>
    <message>
        <source>Programs that will use cuDNN</source>
        <translation>将使用 cuDNN 的程序</translation>
    </message>
    <message>
        <source>Program</source>
        <translation>程序</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>cuDNN it will load</source>
        <translation>将加载的 cuDNN</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>适用</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>No Python framework that uses cuDNN was found.</source>
        <translation>未找到使用 cuDNN 的 Python 框架。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 See below for why.</source>
        <translation>%1 原因见下方。</translation>
    </message>
</context>
<context>
    <name>FrameworkNeeds</name>
    <message>
        <source>cuDNN %1.x</source>
        <translation>cuDNN %1.x</translation>
    </message>
    <message>
        <source>cuDNN %1.%2 or a later %1.x</source>
        <translation>cuDNN %1.%2 或更高的 %1.x</translation>
    </message>
    <message>
        <source>%1 %2 in %3 needs %4</source>
        <translation>%3 中的 %1 %2 需要 %4</translation>
    </message>
    <message>
        <source>%1 %2 %3 (built with cuDNN %4)</source>
        <translation>%1 %2 %3（以 cuDNN %4 构建）</translation>
    </message>
    <message>
        <source>from</source>
        <translation>自</translation>
    </message>
    <message>
        <source>up to</source>
        <translation>最高到</translation>
    </message>
    <message>
        <source>cuDNN %1 serves every framework that loads cuDNN from this machine: %2.</source>
        <translation>cuDNN %1 满足所有从本机加载 cuDNN 的框架：%2。</translation>
    </message>
    <message>
        <source>keep them in a separate environment with their own cuDNN</source>
        <translation>请把它们放在带有自己 cuDNN 的单独环境中</translation>
    </message>
    <message>
        <source>%1, or a separate environment, resolves it</source>
        <translation>%1，或使用单独的环境，可以解决</translation>
    </message>
    <message>
        <source>No single cuDNN serves them all: %1; cuDNN %2 serves %3; %4.</source>
        <translation>没有一个 cuDNN 能满足全部框架：%1；cuDNN %2 满足 %3；%4。</translation>
    </message>
    <message>
        <source>none of them</source>
        <translation>其中任何一个都不满足</translation>
    </message>
    <message>
        <source>cuDNN %1 does not serve every framework: %2; %3.</source>
        <translation>cuDNN %1 不能满足所有框架：%2；%3。</translation>
    </message>
</context>
<context>
    <name>FrameworkSummary</name>
    <message>
        <source>not known</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>适用</translation>
    </message>
    <message>
        <source>does not fit</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Framework</source>
        <translation>框架</translation>
    </message>
    <message>
        <source>cuDNN %1 (%2)</source>
        <translation>cuDNN %1（%2）</translation>
    </message>
    <message>
        <source>no cuDNN</source>
        <translation>无 cuDNN</translation>
    </message>
    <message>
        <source>%1 %2 in %3 (%4): %5, %6</source>
        <translation>%3（%4）中的 %1 %2：%5，%6</translation>
    </message>
    <message>
        <source>fix: %1</source>
        <translation>解决办法：%1</translation>
    </message>
</context>
<context>
    <name>HashedFile</name>
    <message>
        <source>it opens only for reading</source>
        <translation>它只能以读取方式打开</translation>
    </message>
</context>
<context>
    <name>InstallPage</name>
    <message>
        <source>&amp;Cancel and roll back</source>
        <translation>取消并回滚(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Try again</source>
        <translation>重试(&amp;T)</translation>
    </message>
    <message>
        <source>Installing</source>
        <translation>正在安装</translation>
    </message>
    <message>
        <source>The files and the search path change in one step: if anything fails or you cancel, everything is put back as it was.</source>
        <translation>文件和搜索路径在同一步中更改：如果任何一步失败或您取消，一切都会恢复原样。</translation>
    </message>
    <message>
        <source>Install progress</source>
        <translation>安装进度</translation>
    </message>
    <message>
        <source>There is nothing to install: go back and choose a package.</source>
        <translation>没有可安装的内容：请返回并选择一个安装包。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>Canceling: putting everything back…</source>
        <translation>正在取消：正在将一切恢复原样…</translation>
    </message>
    <message>
        <source>%1 s elapsed</source>
        <translation>已用时 %1 秒</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>大约还需 %1 秒</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Installed&lt;/b&gt; into %1: %n files and links.</source>
        <translation>
            <numerusform>&lt;b&gt;已安装&lt;/b&gt;到 %1：%n 个文件和链接。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing to do&lt;/b&gt;: %1 already holds exactly these files.</source>
        <translation>&lt;b&gt;无需操作&lt;/b&gt;：%1 中的文件已与此完全一致。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopped and rolled back&lt;/b&gt;: %1 and the search path are exactly as they were.</source>
        <translation>&lt;b&gt;已停止并回滚&lt;/b&gt;：%1 和搜索路径与之前完全一致。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing was changed.&lt;/b&gt; See below for why.</source>
        <translation>&lt;b&gt;未做任何更改。&lt;/b&gt;原因见下文。</translation>
    </message>
    <message>
        <source>The search path now puts this toolkit first.</source>
        <translation>搜索路径现在已将此工具包排在最前。</translation>
    </message>
    <message>
        <source>The search path could not be changed; see below.</source>
        <translation>无法更改搜索路径，请见下文。</translation>
    </message>
    <message>
        <source>Done in %1 s.</source>
        <translation>用时 %1 秒完成。</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Deployed&lt;/b&gt; into %1: %n files and links.</source>
        <translation>
            <numerusform>&lt;b&gt;已部署&lt;/b&gt;到 %1：%n 个文件和链接。</numerusform>
        </translation>
    </message>
    <message>
        <source>Writing into %1 needs administrator rights. cudnn-setup asks for them once, for this step only; your own settings stay with you.</source>
        <translation>写入 %1 需要管理员权限。cudnn-setup 只为这一步请求一次；您自己的设置仍由您自己的账户处理。</translation>
    </message>
    <message>
        <source>Nothing was changed.</source>
        <translation>未做任何更改。</translation>
    </message>
    <message>
        <source>&lt;b&gt;You declined; nothing was changed.&lt;/b&gt; Press Try again to be asked once more.</source>
        <translation>&lt;b&gt;您已拒绝；未做任何更改。&lt;/b&gt;按“重试”可再次请求。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing was changed.&lt;/b&gt; The request for administrator rights could not be started (%1).</source>
        <translation>&lt;b&gt;未做任何更改。&lt;/b&gt;无法发起管理员权限请求（%1）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The elevated step stopped without a report&lt;/b&gt; (exit code %1). If it stopped half way, the next run puts everything back first.</source>
        <translation>&lt;b&gt;以管理员权限运行的步骤在没有报告的情况下停止了&lt;/b&gt;（退出代码 %1）。如果它中途停止，下一次运行会先把一切恢复原样。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The elevated step&apos;s report is not from this run&lt;/b&gt;, so it is not believed. Run the install again.</source>
        <translation>&lt;b&gt;以管理员权限运行的步骤的报告不属于本次运行&lt;/b&gt;，因此不予采信。请重新运行安装。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Not authorized; nothing was changed.&lt;/b&gt; This account may not get administrator rights here, or nothing could ask for them. An administrator can run this command; then press Try again:</source>
        <translation>&lt;b&gt;未获授权，未做任何更改。&lt;/b&gt;此账户在这里无法获得管理员权限，或者没有程序能请求权限。管理员可以运行下面的命令，然后点击“重试”：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing was changed.&lt;/b&gt; Nothing on this computer can ask for administrator rights (pkexec is missing). Run this command in a terminal, then press Try again:</source>
        <translation>&lt;b&gt;未做任何更改。&lt;/b&gt;这台计算机上没有程序能请求管理员权限（缺少 pkexec）。请在终端中运行下面的命令，然后点击“重试”：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing was changed.&lt;/b&gt; User Account Control is turned off, so Windows cannot ask for administrator rights. Sign in as an administrator, or ask one to run this command; then press Try again:</source>
        <translation>&lt;b&gt;未做任何更改。&lt;/b&gt;用户账户控制（UAC）已关闭，Windows 无法请求管理员权限。请以管理员身份登录，或请管理员运行下面的命令，然后点击“重试”：</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Deployed&lt;/b&gt; into %1: %n files.</source>
        <translation>
            <numerusform>已&lt;b&gt;部署&lt;/b&gt;到 %1：%n 个文件。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Installed&lt;/b&gt; into %1: %n files.</source>
        <translation>
            <numerusform>已&lt;b&gt;安装&lt;/b&gt;到 %1：%n 个文件。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InstallPlanner</name>
    <message>
        <source>%1 leads outside the toolkit folder %2.</source>
        <translation>%1 指向工具包文件夹 %2 之外。</translation>
    </message>
    <message>
        <source>Fix the toolkit&apos;s folder links, or install into another toolkit.</source>
        <translation>请修正工具包中的文件夹链接，或安装到其他工具包。</translation>
    </message>
    <message>
        <source>%1 is a folder, but the package has a file there.</source>
        <translation>%1 是一个文件夹，但安装包在该位置有一个文件。</translation>
    </message>
    <message>
        <source>Move the folder away, then install again.</source>
        <translation>请移走该文件夹，然后重新安装。</translation>
    </message>
    <message>
        <source>%1 and %2 would both be written to %3.</source>
        <translation>%1 和 %2 都会被写入 %3。</translation>
    </message>
    <message>
        <source>Use an unmodified archive from NVIDIA.</source>
        <translation>请使用来自 NVIDIA 的未经修改的压缩包。</translation>
    </message>
</context>
<context>
    <name>InstallService</name>
    <message>
        <source>Choose one package and one toolkit.</source>
        <translation>请选择一个安装包和一个工具包。</translation>
    </message>
    <message>
        <source>No package and toolkit were chosen, so nothing was installed.</source>
        <translation>未选择安装包和工具包，因此没有安装任何内容。</translation>
    </message>
    <message>
        <source>%1 does not fit %2, so nothing was installed: %3</source>
        <translation>%1 与 %2 不匹配，因此没有安装任何内容：%3</translation>
    </message>
    <message>
        <source>An install, uninstall or repair in %1 was interrupted before it finished; the toolkit may be half-changed until then.</source>
        <translation>%1 中的一次安装、卸载或修复在完成前被中断；在此之前工具包可能只改了一半。</translation>
    </message>
    <message>
        <source>The next install, uninstall or repair of this toolkit finishes it or rolls it back first; run one of them (a repair is enough).</source>
        <translation>对该工具包的下一次安装、卸载或修复会先将其完成或回滚；运行其中任意一个即可（修复就够了）。</translation>
    </message>
</context>
<context>
    <name>Installer</name>
    <message>
        <source>Checking the target</source>
        <translation>正在检查目标</translation>
    </message>
    <message>
        <source>%1 of %2 into %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>%1 already holds exactly these files; nothing was written.</source>
        <translation>%1 中已有完全相同的文件；未写入任何内容。</translation>
    </message>
    <message>
        <source>nothing to change in %1</source>
        <translation>%1 中没有需要更改的内容</translation>
    </message>
    <message>
        <source>These files of another cuDNN are taken away, so no mixture of versions is left (they are kept for uninstall): %1</source>
        <translation>以下文件属于另一个 cuDNN，将被移除，以免混用不同版本（它们会被保留，供卸载时使用）：%1</translation>
    </message>
    <message>
        <source>Nothing was changed: the journal cannot be written (%1).</source>
        <translation>未做任何更改：无法写入事务日志（%1）。</translation>
    </message>
    <message>
        <source>Free some space or fix the permissions of %1, then try again.</source>
        <translation>请腾出一些空间或修正 %1 的权限，然后重试。</translation>
    </message>
    <message>
        <source>Putting files in place</source>
        <translation>正在放置文件</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Putting everything back</source>
        <translation>正在还原所有更改</translation>
    </message>
    <message>
        <source>The install was canceled.</source>
        <translation>安装已取消。</translation>
    </message>
    <message>
        <source>The install stopped: %1</source>
        <translation>安装已中止：%1</translation>
    </message>
    <message>
        <source>Fix the cause, then run the install again.</source>
        <translation>请排除原因，然后重新运行安装。</translation>
    </message>
    <message>
        <source>Everything the install had changed in %1 was put back as it was.</source>
        <translation>安装在 %1 中所做的全部更改均已还原。</translation>
    </message>
    <message>
        <source>The install stopped, and not everything could be put back yet: %1</source>
        <translation>安装已中止，且暂时未能全部还原：%1</translation>
    </message>
    <message>
        <source>Fix the cause (space, permissions), then run cudnn-setup again: it finishes putting %1 back before anything else.</source>
        <translation>请排除原因（空间、权限），然后再次运行 cudnn-setup：它会先完成 %1 的还原，再做其他事情。</translation>
    </message>
    <message>
        <source>put back %1</source>
        <translation>已还原 %1</translation>
    </message>
    <message>
        <source>replaced %1 (the previous one is kept in %2)</source>
        <translation>已替换 %1（原文件保存在 %2）</translation>
    </message>
    <message>
        <source>added %1</source>
        <translation>已添加 %1</translation>
    </message>
    <message>
        <source>removed %1 (kept in %2)</source>
        <translation>已移除 %1（保存在 %2）</translation>
    </message>
    <message>
        <source>removed the folder %1 again</source>
        <translation>已再次删除文件夹 %1</translation>
    </message>
    <message>
        <source>created the folder %1</source>
        <translation>已创建文件夹 %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>undid</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <source>performed</source>
        <translation>已执行</translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation>阶段：%1</translation>
    </message>
    <message>
        <source>Writing files</source>
        <translation>正在写入文件</translation>
    </message>
    <message>
        <source>%1 cannot be read to its end any more</source>
        <translation>%1 已无法完整读到末尾</translation>
    </message>
    <message>
        <source>%1 now has the SHA-256 %2, not the %3 it had when it was checked</source>
        <translation>%1 现在的 SHA-256 为 %2，而不是检查时的 %3</translation>
    </message>
    <message>
        <source>Not everything the check of the package staged could be taken away yet: %1</source>
        <translation>检查软件包时暂存的内容尚未全部清除：%1</translation>
    </message>
    <message>
        <source>%1 was planned from the archive but was not in what was read</source>
        <translation>%1 按压缩包列入了计划，但读取的内容中没有它</translation>
    </message>
    <message>
        <source>Free some space on that drive, then run the install again.</source>
        <translation>请在该磁盘上腾出空间，然后重新运行安装。</translation>
    </message>
</context>
<context>
    <name>Journal</name>
    <message>
        <source>the journal is not one this version of cudnn-setup writes</source>
        <translation>该事务日志不是此版本的 cudnn-setup 所写的格式</translation>
    </message>
    <message>
        <source>%1 is damaged: %2</source>
        <translation>%1 已损坏：%2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>LinkFreePath</name>
    <message>
        <source>%1 is not written: %2 on the way to it is a link, and nothing is written through a link</source>
        <translation>未写入 %1：通往它的路径上的 %2 是一个链接，而 cudnn-setup 从不经由链接写入</translation>
    </message>
    <message>
        <source>%1 is not a plain absolute path</source>
        <translation>%1 不是一个规范的绝对路径</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot open /: %1</source>
        <translation>无法打开 /：%1</translation>
    </message>
    <message>
        <source>cannot copy the link to %1: %2</source>
        <translation>无法将链接复制到 %1：%2</translation>
    </message>
    <message>
        <source>cannot copy to %1: %2</source>
        <translation>无法复制到 %1：%2</translation>
    </message>
    <message>
        <source>%1 is neither a file nor a link</source>
        <translation>%1 既不是文件也不是链接</translation>
    </message>
    <message>
        <source>cannot move to %1: %2</source>
        <translation>无法移动到 %1：%2</translation>
    </message>
    <message>
        <source>cannot move %1 to %2: %3</source>
        <translation>无法将 %1 移动到 %2：%3</translation>
    </message>
    <message>
        <source>cannot create the folder %1: %2</source>
        <translation>无法创建文件夹 %1：%2</translation>
    </message>
    <message>
        <source>%1 is a folder</source>
        <translation>%1 是文件夹</translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation>无法删除 %1：%2</translation>
    </message>
    <message>
        <source>cannot create the link %1: %2</source>
        <translation>无法创建链接 %1：%2</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
</context>
<context>
    <name>LinuxEnvironmentAnalysis</name>
    <message>
        <source>Your login shell, %1, does not read %2; only programs started from sh-compatible login sessions and graphical sessions see the change.</source>
        <translation>您的登录 shell（%1）不会读取 %2；只有从兼容 sh 的登录会话和图形会话中启动的程序才能看到此更改。</translation>
    </message>
    <message>
        <source>Add the toolkit&apos;s bin to PATH and its lib64 to LD_LIBRARY_PATH in your shell&apos;s own start-up file.</source>
        <translation>请在您所用 shell 自己的启动文件中，将工具包的 bin 加入 PATH，并将其 lib64 加入 LD_LIBRARY_PATH。</translation>
    </message>
    <message>
        <source>pip-installed PyTorch ignores all of this: its RPATH points at its own nvidia-cudnn wheel.</source>
        <translation>用 pip 安装的 PyTorch 不受这些设置影响：它的 RPATH 指向它自带的 nvidia-cudnn wheel。</translation>
    </message>
    <message>
        <source>no copy at all</source>
        <translation>任何副本都没有</translation>
    </message>
    <message>
        <source>The loader cache is out of date: new programs get %1 for %2 until it is rebuilt; then they get %3.</source>
        <translation>加载器缓存已过期：在重建之前，新程序加载 %2 时得到的是 %1；重建之后得到的是 %3。</translation>
    </message>
    <message>
        <source>A repair rebuilds it (ldconfig).</source>
        <translation>修复会重建它（ldconfig）。</translation>
    </message>
    <message>
        <source>Run ldconfig as root to rebuild it.</source>
        <translation>请以 root 身份运行 ldconfig 来重建它。</translation>
    </message>
    <message>
        <source>The loader cache covers %1, but only root can rebuild it, so new programs would go on getting the copies it names now; the fix puts the toolkit first on LD_LIBRARY_PATH instead.</source>
        <translation>加载器缓存涵盖 %1，但只有 root 才能重建它，因此新程序会继续得到缓存中现有的副本；所以此修正改为把工具包放在 LD_LIBRARY_PATH 的最前面。</translation>
    </message>
    <message>
        <source>Install as root to have the loader cache rebuilt, or keep the LD_LIBRARY_PATH fix.</source>
        <translation>以 root 身份安装即可重建加载器缓存，或者保留 LD_LIBRARY_PATH 修正。</translation>
    </message>
</context>
<context>
    <name>MachineFile</name>
    <message>
        <source>it is not a machine description: &quot;platform&quot; is neither &quot;linux&quot; nor &quot;windows&quot;</source>
        <translation>它不是机器描述：“platform”既不是“linux”也不是“windows”</translation>
    </message>
    <message>
        <source>it is larger than a machine description can be</source>
        <translation>它比机器描述可能的大小还大</translation>
    </message>
    <message>
        <source>it is not a JSON object</source>
        <translation>它不是 JSON 对象</translation>
    </message>
</context>
<context>
    <name>MachineJudge</name>
    <message>
        <source>cudnn-setup: no cuDNN archive at %1.
</source>
        <translation>cudnn-setup：%1 处没有 cuDNN 压缩包。
</translation>
    </message>
    <message>
        <source>cudnn-setup: %1 does not describe a machine: %2.
</source>
        <translation>cudnn-setup：%1 不是机器描述：%2。
</translation>
    </message>
    <message>
        <source>For the machine described by %1 (%2), nothing of this machine was looked at:
</source>
        <translation>针对 %1 所描述的机器（%2），未查看本机的任何信息：
</translation>
    </message>
    <message>
        <source>not a machine description: %1</source>
        <translation>不是机器描述：%1</translation>
    </message>
    <message>
        <source>cudnn-setup: %1 holds no *.json machine description.
</source>
        <translation>cudnn-setup：%1 中没有 *.json 机器描述。
</translation>
    </message>
    <message numerus="yes">
        <source>%1 judged for %n machine(s) in %2; nothing of this machine was looked at.
</source>
        <translation>
            <numerusform>已针对 %2 中的 %n 台机器判断 %1；未查看本机的任何信息。
</numerusform>
        </translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>fits (!)</source>
        <translation>适用（!）</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>适用</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>不适用</translation>
    </message>
    <message numerus="yes">
        <source>It fits all %n machine(s).
</source>
        <translation>
            <numerusform>它适用于全部 %n 台机器。
</numerusform>
        </translation>
    </message>
    <message>
        <source>It does not fit %1 of %2: %3.
</source>
        <translation>它不适用于 %2 台中的 %1 台：%3。
</translation>
    </message>
</context>
<context>
    <name>MachineVerdict</name>
    <message>
        <source>cuDNN on this machine needs repair.</source>
        <translation>这台计算机上的 cuDNN 需要修复。</translation>
    </message>
    <message numerus="yes">
        <source>%n frameworks will not load a cuDNN that fits them.</source>
        <translation>
            <numerusform>有 %n 个框架不会加载适用的 cuDNN。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>For %n frameworks it is not known which cuDNN they will load.</source>
        <translation>
            <numerusform>有 %n 个框架无法确定会加载哪个 cuDNN。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each of the %n frameworks found will load a cuDNN that fits it.</source>
        <translation>
            <numerusform>找到的 %n 个框架都会加载适用的 cuDNN。</numerusform>
        </translation>
    </message>
    <message>
        <source>No Python framework that uses cuDNN was found.</source>
        <translation>未找到使用 cuDNN 的 Python 框架。</translation>
    </message>
</context>
<context>
    <name>MachinesJudgement</name>
    <message>
        <source>%1 does not describe a machine: %2.</source>
        <translation>%1 不是机器描述：%2。</translation>
    </message>
    <message>
        <source>Write it with cudnn-setup --detect --json on that machine.</source>
        <translation>请在那台机器上用 cudnn-setup --detect --json 生成它。</translation>
    </message>
</context>
<context>
    <name>MakeFolder</name>
    <message>
        <source>cannot create the folder %1: injected fault</source>
        <translation>无法创建文件夹 %1：注入的故障</translation>
    </message>
</context>
<context>
    <name>ManagedEnvironmentFiles</name>
    <message>
        <source>it changes the variable %1, which cudnn-setup never writes</source>
        <translation>它修改变量 %1，而 cudnn-setup 从不写入该变量</translation>
    </message>
    <message>
        <source>it edits %1, which is not a file cudnn-setup writes</source>
        <translation>它编辑 %1，而这不是 cudnn-setup 会写入的文件</translation>
    </message>
    <message>
        <source>it points %1, which is not a link cudnn-setup manages</source>
        <translation>它改变 %1 的指向，而这不是 cudnn-setup 管理的链接</translation>
    </message>
    <message>
        <source>it renames %1, which is not a stray library cudnn-setup sets aside</source>
        <translation>它重命名 %1，而这不是 cudnn-setup 会搁置的多余库</translation>
    </message>
    <message>
        <source>it is a step of a kind cudnn-setup does not write</source>
        <translation>这是 cudnn-setup 不会写入的一类步骤</translation>
    </message>
</context>
<context>
    <name>Manifest</name>
    <message>
        <source>%1 is damaged or from another version of cudnn-setup</source>
        <translation>%1 已损坏，或来自其他版本的 cudnn-setup</translation>
    </message>
    <message>
        <source>%1 holds an entry this version cannot read</source>
        <translation>%1 中有此版本无法读取的条目</translation>
    </message>
    <message>
        <source>cannot remove %1: injected fault</source>
        <translation>无法删除 %1：注入的故障</translation>
    </message>
</context>
<context>
    <name>MemberSize</name>
    <message>
        <source>%1 declares %2, more than any member of a cuDNN package holds (at most %3 for %4)</source>
        <translation>%1 声明了 %2，超过任何 cuDNN 软件包成员的大小（%4 最多 %3）</translation>
    </message>
    <message>
        <source>a library</source>
        <translation>库文件</translation>
    </message>
    <message>
        <source>a header or other file</source>
        <translation>头文件或其他文件</translation>
    </message>
</context>
<context>
    <name>Merger</name>
    <message>
        <source>Writing files</source>
        <translation>正在写入文件</translation>
    </message>
    <message>
        <source>%1 cannot be read any more: %2</source>
        <translation>%1 已无法读取：%2</translation>
    </message>
    <message>
        <source>%1 in %2 is not what the package check saw; the archive changed since</source>
        <translation>%2 中的 %1 与检查安装包时看到的不一致；压缩包在检查之后被改动过</translation>
    </message>
    <message>
        <source>%1 repeats %2, which this install does not write</source>
        <translation>%1 重复了 %2，而本次安装并不写入后者</translation>
    </message>
    <message>
        <source>The install was canceled.</source>
        <translation>安装已取消。</translation>
    </message>
    <message>
        <source>reading %1 failed at %2: %3</source>
        <translation>读取 %1 时在 %2 处失败：%3</translation>
    </message>
    <message>
        <source>%1 no longer holds %2; the archive changed since it was checked</source>
        <translation>%1 中已不再包含 %2；压缩包在检查之后被改动过</translation>
    </message>
    <message>
        <source>%1 now has the SHA-256 %2, not the %3 it had when it was checked</source>
        <translation>%1 现在的 SHA-256 为 %2，而不是检查时的 %3</translation>
    </message>
    <message>
        <source>reading %1 failed: %2</source>
        <translation>读取 %1 失败：%2</translation>
    </message>
    <message>
        <source>staged %1 (%2 bytes, sha256 %3)</source>
        <translation>已暂存 %1（%2 字节，sha256 %3）</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>staged %1 from %2 (%3 bytes, sha256 %4)</source>
        <translation>已从 %2 暂存 %1（%3 字节，sha256 %4）</translation>
    </message>
    <message>
        <source>staged the link %1 -&gt; %2</source>
        <translation>已暂存链接 %1 -&gt; %2</translation>
    </message>
    <message>
        <source>%1 is not the folder inside %2 that was planned (a link may lead elsewhere now); nothing is written there</source>
        <translation>%1 不是计划中位于 %2 内的文件夹（可能有链接现在指向了别处）；不会向其中写入任何内容</translation>
    </message>
</context>
<context>
    <name>NetworkSession</name>
    <message>
        <source>Try again later, or use another mirror.</source>
        <translation>请稍后重试，或使用其他镜像。</translation>
    </message>
    <message>
        <source>Check the network connection and the proxy settings, or use a lab mirror or a shared folder (docs/fetch.md).</source>
        <translation>请检查网络连接和代理设置，或使用实验室镜像或共享文件夹（docs/fetch.md）。</translation>
    </message>
    <message>
        <source>larger than %1 bytes</source>
        <translation>大于 %1 字节</translation>
    </message>
    <message>
        <source>%1 does not exist (404 Not Found).</source>
        <translation>%1 不存在（404 Not Found）。</translation>
    </message>
    <message>
        <source>Check the mirror address; a mirror must keep NVIDIA&apos;s layout (redistrib_*.json beside the cudnn/ folder).</source>
        <translation>请检查镜像地址；镜像必须保持 NVIDIA 的目录结构（redistrib_*.json 与 cudnn/ 文件夹并列）。</translation>
    </message>
    <message>
        <source>The download of %1 was cancelled.</source>
        <translation>%1 的下载已取消。</translation>
    </message>
    <message>
        <source>%1 cannot be reached: %2.</source>
        <translation>无法访问 %1：%2。</translation>
    </message>
    <message>
        <source>%1 was refused: HTTP %2 (%3).</source>
        <translation>%1 被拒绝：HTTP %2（%3）。</translation>
    </message>
    <message>
        <source>%1 could not be read: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
</context>
<context>
    <name>Operation</name>
    <message>
        <source>the operation has no &quot;%1&quot;</source>
        <translation>该操作缺少 &quot;%1&quot; 字段</translation>
    </message>
    <message>
        <source>cannot move %1 aside: injected fault</source>
        <translation>无法将 %1 移到一旁：注入的故障</translation>
    </message>
    <message>
        <source>unknown operation &quot;%1&quot;</source>
        <translation>未知操作 &quot;%1&quot;</translation>
    </message>
</context>
<context>
    <name>PackageInspector</name>
    <message>
        <source>The archive %1 is cut short: %2.</source>
        <translation>压缩包 %1 被截断：%2。</translation>
    </message>
    <message>
        <source>The archive %1 is damaged: %2.</source>
        <translation>压缩包 %1 已损坏：%2。</translation>
    </message>
    <message>
        <source>%1 cannot be read as a cuDNN archive: %2.</source>
        <translation>无法将 %1 作为 cuDNN 压缩包读取：%2。</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
    <message>
        <source>No checksum lies beside the archive, so its SHA-256 was not compared.</source>
        <translation>压缩包旁边没有校验和文件，因此未比对其 SHA-256。</translation>
    </message>
    <message>
        <source>Put NVIDIA&apos;s redistrib_&lt;version&gt;.json or a &lt;archive&gt;.sha256 file next to the archive to have it checked.</source>
        <translation>将 NVIDIA 的 redistrib_&lt;version&gt;.json 或 &lt;archive&gt;.sha256 文件放在压缩包旁边，即可进行校验。</translation>
    </message>
    <message>
        <source>The archive&apos;s SHA-256 is %1, but %2 says %3: it is not the file NVIDIA published.</source>
        <translation>压缩包的 SHA-256 为 %1，但 %2 中记录的是 %3：它不是 NVIDIA 发布的文件。</translation>
    </message>
    <message>
        <source>Download the archive again; if it still differs, do not install it.</source>
        <translation>请重新下载压缩包；如果仍然不一致，请不要安装。</translation>
    </message>
    <message>
        <source>The SHA-256 matches %1.</source>
        <translation>SHA-256 与 %1 一致。</translation>
    </message>
    <message>
        <source>Checking the package</source>
        <translation>正在检查安装包</translation>
    </message>
    <message>
        <source>Download the archive again from NVIDIA and compare its size and SHA-256 with the ones NVIDIA publishes. Nothing was written.</source>
        <translation>请从 NVIDIA 重新下载压缩包，并将其大小和 SHA-256 与 NVIDIA 公布的值进行比对。未写入任何内容。</translation>
    </message>
    <message>
        <source>Use the .zip (Windows) or .tar.xz (Linux) archive from NVIDIA&apos;s cuDNN download page.</source>
        <translation>请使用 NVIDIA cuDNN 下载页面上的 .zip（Windows）或 .tar.xz（Linux）压缩包。</translation>
    </message>
    <message>
        <source>Checking the package was canceled.</source>
        <translation>安装包检查已取消。</translation>
    </message>
    <message>
        <source>Start again to check the package.</source>
        <translation>请重新开始检查安装包。</translation>
    </message>
    <message>
        <source>Check that the file exists, that you may read it, and that the disk is healthy.</source>
        <translation>请确认文件存在、您有读取权限，并且磁盘状态良好。</translation>
    </message>
</context>
<context>
    <name>PackagePage</name>
    <message>
        <source>C&amp;heck</source>
        <translation>检查(&amp;H)</translation>
    </message>
    <message>
        <source>Install anyway (override the compatibility check; never a damaged archive)</source>
        <translation>仍然安装（忽略兼容性检查；但绝不安装损坏的压缩包）</translation>
    </message>
    <message>
        <source>cuDNN package</source>
        <translation>cuDNN 安装包</translation>
    </message>
    <message>
        <source>Archive or folder</source>
        <translation>压缩包或文件夹</translation>
    </message>
    <message>
        <source>cudnn-windows-x86_64-9.19.0.56_cuda13-archive.zip, or a folder</source>
        <translation>cudnn-windows-x86_64-9.19.0.56_cuda13-archive.zip，或一个文件夹</translation>
    </message>
    <message>
        <source>&amp;Archive…</source>
        <translation>压缩包(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Folder…</source>
        <translation>文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Archive</source>
        <translation>压缩包</translation>
    </message>
    <message>
        <source>Why it was not chosen</source>
        <translation>未选中的原因</translation>
    </message>
    <message>
        <source>Choose a cuDNN archive</source>
        <translation>选择 cuDNN 压缩包</translation>
    </message>
    <message>
        <source>cuDNN archives (*.zip *.tar.xz *.tgz *.tar.gz)</source>
        <translation>cuDNN 压缩包 (*.zip *.tar.xz *.tgz *.tar.gz)</translation>
    </message>
    <message>
        <source>Reading the archive…</source>
        <translation>正在读取压缩包…</translation>
    </message>
    <message>
        <source>%1 — cuDNN %2 for CUDA %3</source>
        <translation>%1 — 适用于 CUDA %3 的 cuDNN %2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>cannot be installed</source>
        <translation>无法安装</translation>
    </message>
    <message>
        <source>fits, with warnings</source>
        <translation>适用，但有警告</translation>
    </message>
    <message>
        <source>fits this machine</source>
        <translation>适用于本机</translation>
    </message>
    <message>
        <source>&lt;b&gt;No package can be installed.&lt;/b&gt;</source>
        <translation>&lt;b&gt;没有可以安装的安装包。&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>This package fits %n toolkits equally well; it goes into the one shown. Choose another in the list if you prefer.</source>
        <translation>
            <numerusform>此安装包同样适合 %n 个工具包；将安装到所显示的那个。如需其他工具包，请在列表中选择。</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel download</source>
        <translation>取消下载</translation>
    </message>
    <message>
        <source>&amp;Download the right one…</source>
        <translation>下载合适的版本(&amp;D)…</translation>
    </message>
    <message>
        <source>Download from</source>
        <translation>下载来源</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s cuDNN redist folder, or a lab mirror with the same layout (http://, https:// or file://).</source>
        <translation>NVIDIA 的 cuDNN redist 文件夹，或目录结构相同的实验室镜像（http://、https:// 或 file://）。</translation>
    </message>
    <message>
        <source>Download from:</source>
        <translation>下载来源：</translation>
    </message>
    <message>
        <source>Reading the cuDNN manifests at %1…</source>
        <translation>正在读取 %1 处的 cuDNN 清单…</translation>
    </message>
    <message>
        <source>Nothing could be read from the mirror.</source>
        <translation>无法从镜像读取任何内容。</translation>
    </message>
    <message>
        <source>Download %1 MiB</source>
        <translation>下载 %1 MiB</translation>
    </message>
    <message>
        <source>Choose the toolkit to install into, then ask again.</source>
        <translation>请先选择要安装到的工具包，然后再试一次。</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>%1 of %2 MiB</source>
        <translation>%1 / %2 MiB</translation>
    </message>
    <message>
        <source>Download cancelled; what arrived is kept, so the next try resumes.</source>
        <translation>下载已取消；已收到的部分会保留，下次可继续下载。</translation>
    </message>
    <message>
        <source>The download failed; nothing was installed.</source>
        <translation>下载失败；未安装任何内容。</translation>
    </message>
    <message>
        <source>Already downloaded (SHA-256 verified): %1</source>
        <translation>已下载（SHA-256 校验通过）：%1</translation>
    </message>
    <message>
        <source>Downloaded and verified (SHA-256): %1</source>
        <translation>已下载并校验（SHA-256）：%1</translation>
    </message>
    <message>
        <source>cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz, or a folder</source>
        <translation>cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz，或一个文件夹</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>Stop reading the archive; the wizard stays open.</source>
        <translation>停止读取压缩包；向导保持打开。</translation>
    </message>
    <message>
        <source>The check was stopped; nothing was chosen. Check again, or choose another archive.</source>
        <translation>检查已停止，未选择任何压缩包。请重新检查，或选择另一个压缩包。</translation>
    </message>
    <message>
        <source>Choose an extracted cuDNN archive or a folder of archives</source>
        <translation>选择已解压的 cuDNN 压缩包，或存放压缩包的文件夹</translation>
    </message>
    <message>
        <source>Drop a cuDNN archive (.zip) or the folder it was extracted into on this window, browse to one, choose a folder of archives and the best match is picked, or let the right one be downloaded.</source>
        <translation>拖入 cuDNN 压缩包（.zip）或其解压后的文件夹；也可浏览选择、从文件夹中自动挑选或下载。</translation>
    </message>
    <message>
        <source>Drop a cuDNN archive (.tar.xz) or the folder it was extracted into on this window, browse to one, choose a folder of archives and the best match is picked, or let the right one be downloaded.</source>
        <translation>拖入 cuDNN 压缩包（.tar.xz）或其解压后的文件夹；也可浏览选择、从文件夹中自动挑选或下载。</translation>
    </message>
</context>
<context>
    <name>PackagePicker</name>
    <message>
        <source>Install the CUDA toolkit first, or choose the folder it is in.</source>
        <translation>请先安装 CUDA 工具包，或选择它所在的文件夹。</translation>
    </message>
    <message>
        <source>Choose the toolkit to install into.</source>
        <translation>请选择要安装到的工具包。</translation>
    </message>
    <message>
        <source>No cuDNN archive was found at %1.</source>
        <translation>在 %1 未找到 cuDNN 压缩包。</translation>
    </message>
    <message>
        <source>No CUDA toolkit was found at %1.</source>
        <translation>在 %1 未找到 CUDA 工具包。</translation>
    </message>
    <message>
        <source>No CUDA toolkit was found on this machine.</source>
        <translation>本机上未找到 CUDA 工具包。</translation>
    </message>
    <message>
        <source>None of the archives can be installed into the toolkit; each one&apos;s reasons are listed.</source>
        <translation>没有一个压缩包可以安装到该工具包中；下面分别列出了各自的原因。</translation>
    </message>
    <message>
        <source>Fix the first reason given for the archive you want, or download a build that fits.</source>
        <translation>请解决您想用的压缩包所列的第一个原因，或下载一个适用的构建。</translation>
    </message>
    <message>
        <source>The package fits more than one CUDA toolkit equally well: %1.</source>
        <translation>此安装包同样适用于多个 CUDA 工具包：%1。</translation>
    </message>
    <message>
        <source>No toolkit to install into.</source>
        <translation>没有可安装到的工具包。</translation>
    </message>
    <message>
        <source>It fits, but the toolkit to install into is ambiguous.</source>
        <translation>它适用，但无法确定要安装到哪个工具包。</translation>
    </message>
    <message>
        <source>It is the same file as %1.</source>
        <translation>它与 %1 是同一个文件。</translation>
    </message>
    <message>
        <source>It fits as well as %1, which comes first by name.</source>
        <translation>它与 %1 同样适用，而后者按名称排在前面。</translation>
    </message>
    <message>
        <source>It fits, but with warnings that %1 does not have.</source>
        <translation>它适用，但带有 %1 所没有的警告。</translation>
    </message>
    <message>
        <source>cuDNN %1 is older than the chosen %2.</source>
        <translation>cuDNN %1 的版本低于已选中的 %2。</translation>
    </message>
    <message>
        <source>The path given for the CUDA toolkit is too long: %1 characters, and this system&apos;s paths end at %2, so no folder can be there (%3…).</source>
        <translation>为 CUDA 工具包给出的路径过长：%1 个字符，而本系统的路径最长为 %2，因此那里不可能有文件夹（%3…）。</translation>
    </message>
    <message>
        <source>Give the toolkit&apos;s folder by a shorter path.</source>
        <translation>请用更短的路径指定工具包所在的文件夹。</translation>
    </message>
    <message>
        <source>cuDNN %1 serves fewer of the frameworks that load cuDNN from this machine than the chosen %2.</source>
        <translation>与选中的 %2 相比，cuDNN %1 能满足的、从本机加载 cuDNN 的框架更少。</translation>
    </message>
    <message>
        <source>The archive cannot be installed into the toolkit, for the reasons listed.</source>
        <translation>该压缩包无法安装到此工具包，原因如下。</translation>
    </message>
    <message>
        <source>Fix the first reason given, or download a build that fits.</source>
        <translation>请解决列出的第一个原因，或下载适合的版本。</translation>
    </message>
    <message>
        <source>Choose one of the toolkits found: %1.</source>
        <translation>请选择找到的工具包之一：%1。</translation>
    </message>
    <message>
        <source>Give the path of a cuDNN .zip or .tar.xz archive, of the folder one was extracted into, or of a folder that holds one.</source>
        <translation>请给出 cuDNN .zip 或 .tar.xz 压缩包的路径、压缩包解压到的文件夹的路径，或存放压缩包的文件夹的路径。</translation>
    </message>
</context>
<context>
    <name>PackageSummary</name>
    <message>
        <source>Package</source>
        <translation>安装包</translation>
    </message>
    <message>
        <source>Toolkit</source>
        <translation>工具包</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>for CUDA %1</source>
        <translation>适用于 CUDA %1</translation>
    </message>
    <message>
        <source>(forced)</source>
        <translation>（已强制）</translation>
    </message>
    <message>
        <source>Not chosen  %1: %2</source>
        <translation>未选用  %1：%2</translation>
    </message>
    <message>
        <source>Plan (nothing was changed):</source>
        <translation>计划（未做任何更改）：</translation>
    </message>
    <message>
        <source>Files and links: %1, %2 MiB to write.</source>
        <translation>文件和链接：%1 个，需写入 %2 MiB。</translation>
    </message>
</context>
<context>
    <name>PackageValidator</name>
    <message>
        <source>(unknown version)</source>
        <translation>（版本未知）</translation>
    </message>
    <message>
        <source> for CUDA %1</source>
        <translation>（适用于 CUDA %1）</translation>
    </message>
    <message>
        <source>cuDNN %1 is not in this program&apos;s release table; only its CUDA major and the toolkit&apos;s driver are checked.</source>
        <translation>cuDNN %1 不在本程序的版本表中；只检查其 CUDA 主版本以及工具包对驱动的要求。</translation>
    </message>
    <message>
        <source>Check NVIDIA&apos;s cuDNN support matrix for this release.</source>
        <translation>请查阅 NVIDIA 的 cuDNN 支持矩阵，确认此版本的支持情况。</translation>
    </message>
    <message>
        <source>This is the %1 build of %2; this machine runs %3.</source>
        <translation>这是 %2 的 %1 版；本机运行的是 %3。</translation>
    </message>
    <message>
        <source>Download the %1 archive of the same release (cudnn-%1-...-archive).</source>
        <translation>请下载同一版本的 %1 压缩包（cudnn-%1-...-archive）。</translation>
    </message>
    <message>
        <source>The libraries are built for %1 processors; this machine is %2.</source>
        <translation>其中的库是为 %1 处理器构建的；本机是 %2。</translation>
    </message>
    <message>
        <source>Download the %1 archive of the same release.</source>
        <translation>请下载同一版本的 %1 压缩包。</translation>
    </message>
    <message>
        <source>This is the Jetson build (linux-aarch64) of %1; this machine is an Arm server (linux-sbsa).</source>
        <translation>这是 %1 的 Jetson 构建（linux-aarch64）；本机是 Arm 服务器（linux-sbsa）。</translation>
    </message>
    <message>
        <source>This is the Arm server build (linux-sbsa) of %1; this machine is a Jetson (linux-aarch64).</source>
        <translation>这是 %1 的 Arm 服务器构建（linux-sbsa）；本机是 Jetson（linux-aarch64）。</translation>
    </message>
    <message>
        <source>The CUDA version of the toolkit at %1 is unknown, so the package&apos;s CUDA build cannot be checked against it.</source>
        <translation>位于 %1 的工具包的 CUDA 版本未知，因此无法核对安装包所针对的 CUDA 版本是否与之匹配。</translation>
    </message>
    <message>
        <source>Make sure the toolkit has version.json or include/cuda.h.</source>
        <translation>请确认工具包中有 version.json 或 include/cuda.h。</translation>
    </message>
    <message>
        <source>Neither the name nor the libraries of %1 say which CUDA it was built for.</source>
        <translation>无论从 %1 的名称还是其中的库，都看不出它是为哪个 CUDA 版本构建的。</translation>
    </message>
    <message>
        <source>Use the archive under its original NVIDIA name, which ends in _cuda&lt;N&gt;-archive.</source>
        <translation>请使用保留 NVIDIA 原始名称的压缩包，其名称以 _cuda&lt;N&gt;-archive 结尾。</translation>
    </message>
    <message>
        <source>Use the cuda%1 build of the same release: %2.</source>
        <translation>请使用同一版本的 cuda%1 构建：%2。</translation>
    </message>
    <message>
        <source>This release has no build for CUDA %1; choose a cuDNN release built for CUDA %1, or install into a CUDA %2 toolkit.</source>
        <translation>此版本没有适用于 CUDA %1 的构建；请选择为 CUDA %1 构建的 cuDNN 版本，或安装到 CUDA %2 工具包中。</translation>
    </message>
    <message>
        <source>This is %1; your toolkit is %2.</source>
        <translation>这是 %1；您的工具包是 CUDA %2。</translation>
    </message>
    <message>
        <source>%1 works with CUDA %2; your toolkit is %3.</source>
        <translation>%1 支持 CUDA %2；您的工具包是 CUDA %3。</translation>
    </message>
    <message>
        <source>Choose the cuDNN build made for your toolkit&apos;s CUDA version, or a toolkit in the range this build supports.</source>
        <translation>请选择为您的工具包的 CUDA 版本构建的 cuDNN，或选择此构建所支持范围内的工具包。</translation>
    </message>
    <message>
        <source>No NVIDIA driver was found, so it cannot be checked; cuDNN needs one to run.</source>
        <translation>未找到 NVIDIA 驱动，因此无法检查驱动版本；cuDNN 需要驱动才能运行。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your GPU before using cuDNN.</source>
        <translation>使用 cuDNN 之前，请为您的 GPU 安装 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is older than %2, the oldest that runs %3.</source>
        <translation>NVIDIA 驱动 %1 版本过低：%3至少需要 %2。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer.</source>
        <translation>请将 NVIDIA 驱动更新到 %1 或更高版本。</translation>
    </message>
    <message>
        <source>CUDA %1</source>
        <translation>CUDA %1 工具包</translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is older than %2, which CUDA %3 asks for; it runs through minor version compatibility, without PTX JIT of newer code.</source>
        <translation>NVIDIA 驱动 %1 低于 CUDA %3 要求的 %2；它可以通过次版本兼容运行，但无法对较新的代码进行 PTX JIT。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver to %1 or newer for full CUDA %2 support.</source>
        <translation>请将 NVIDIA 驱动更新到 %1 或更高版本，以完整支持 CUDA %2。</translation>
    </message>
    <message>
        <source>this cuDNN build</source>
        <translation>此 cuDNN 构建</translation>
    </message>
    <message>
        <source>No NVIDIA GPU was found, so compute capability was not checked.</source>
        <translation>未找到 NVIDIA GPU，因此未检查计算能力。</translation>
    </message>
    <message>
        <source>cuDNN runs only on an NVIDIA GPU; check that the driver sees yours (nvidia-smi).</source>
        <translation>cuDNN 只能在 NVIDIA GPU 上运行；请检查驱动能否识别您的 GPU（nvidia-smi）。</translation>
    </message>
    <message>
        <source>No source this program knows states the %1 compute capability that %2 supports, so that bound was not checked.</source>
        <translation>本程序所知的资料都没有写明 %2 支持的%1计算能力，因此没有检查这一界限。</translation>
    </message>
    <message>
        <source>lowest or highest</source>
        <translation>最低或最高</translation>
    </message>
    <message>
        <source>lowest</source>
        <translation>最低</translation>
    </message>
    <message>
        <source>highest</source>
        <translation>最高</translation>
    </message>
    <message>
        <source>Check NVIDIA&apos;s cuDNN support matrix for this release and your GPU.</source>
        <translation>请在 NVIDIA 的 cuDNN 支持矩阵中查看这个版本和您的 GPU。</translation>
    </message>
    <message>
        <source>Use cuDNN %1 or older for CUDA %2 (the newest release whose CUDA %2 build still supports compute capability %3), or a GPU with compute capability %4 or newer.</source>
        <translation>请使用 CUDA %2 的 cuDNN %1 或更旧版本（其 CUDA %2 构建仍支持计算能力 %3 的最新版本），或使用计算能力 %4 及以上的 GPU。</translation>
    </message>
    <message>
        <source>No cuDNN build for CUDA %1 that this program knows supports compute capability %2; use an older CUDA toolkit and cuDNN (see NVIDIA&apos;s cuDNN support matrix).</source>
        <translation>本程序所知的 CUDA %1 的 cuDNN 构建都不支持计算能力 %2；请使用更旧的 CUDA 工具包和 cuDNN（见 NVIDIA 的 cuDNN 支持矩阵）。</translation>
    </message>
    <message>
        <source>%1 with a CUDA %2 toolkit supports compute capability %3; %4 is older.</source>
        <translation>%1 搭配 CUDA %2 工具包时支持的计算能力为 %3；%4 低于此范围。</translation>
    </message>
    <message>
        <source>%1 knows GPUs up to compute capability %2; %3 is newer, so cuDNN runs on it in forward-compatibility mode: only a subset of operation graphs, without kernels tuned for it.</source>
        <translation>%1 认识的 GPU 最高到计算能力 %2；%3 更新，因此 cuDNN 以前向兼容模式在其上运行：只支持一部分运算图，也没有为它调优的内核。</translation>
    </message>
    <message>
        <source>It works, possibly slower than it could; a newer cuDNN release that lists this GPU runs it natively.</source>
        <translation>它可以工作，但可能没有应有的快；列出这款 GPU 的更新 cuDNN 版本会原生支持它。</translation>
    </message>
    <message>
        <source>%1 supports compute capability %2; %3 is newer than it knows, and builds made with CUDA 11 or cuDNN 8 have no forward-compatibility mode.</source>
        <translation>%1 支持计算能力 %2；%3 比它认识的更新，而用 CUDA 11 构建的版本和 cuDNN 8 没有前向兼容模式。</translation>
    </message>
    <message>
        <source>Use a cuDNN 9 build for CUDA 12 or newer, or a release that lists this GPU in NVIDIA&apos;s support matrix.</source>
        <translation>请使用 CUDA 12 或更新版本的 cuDNN 9 构建，或 NVIDIA 支持矩阵中列出这款 GPU 的版本。</translation>
    </message>
    <message>
        <source>%1 runs %2 only with a CUDA %3.%4 or newer toolkit; this one is %5.</source>
        <translation>%1 只有在 CUDA %3.%4 或更新的工具包下才能运行 %2；这个工具包是 %5。</translation>
    </message>
    <message>
        <source>Install CUDA %1.%2 or newer and install cuDNN into it.</source>
        <translation>请安装 CUDA %1.%2 或更新版本，并把 cuDNN 安装到其中。</translation>
    </message>
    <message>
        <source>The NVIDIA driver %1 is older than %2, the oldest that runs %3 with %4.</source>
        <translation>NVIDIA 驱动 %1 比 %2 旧，而 %2 是能让 %4 运行 %3 的最低版本。</translation>
    </message>
    <message>
        <source>cuDNN %1 supports Linux with glibc %2 or newer; this machine has glibc %3%4.</source>
        <translation>cuDNN %1 支持 glibc %2 或更新的 Linux；本机的 glibc 是 %3%4。</translation>
    </message>
    <message>
        <source>Use cuDNN 8.9 (which still supports glibc 2.17, RHEL 7), or upgrade the operating system (RHEL 8 and its peers have glibc 2.28).</source>
        <translation>请使用 cuDNN 8.9（仍支持 glibc 2.17、RHEL 7），或升级操作系统（RHEL 8 及同代系统带 glibc 2.28）。</translation>
    </message>
    <message>
        <source>No source this program knows states the oldest glibc cuDNN %1 supports, so the operating system was not checked.</source>
        <translation>本程序所知的资料都没有写明 cuDNN %1 支持的最低 glibc，因此没有检查操作系统。</translation>
    </message>
    <message>
        <source>The machine&apos;s glibc version is unknown, so the operating system was not checked against cuDNN %1&apos;s floor (glibc %2).</source>
        <translation>本机的 glibc 版本未知，因此没有按 cuDNN %1 的最低要求（glibc %2）检查操作系统。</translation>
    </message>
    <message>
        <source>cuDNN %1 on Windows loads zlibwapi.dll, which it does not ship; without it programs stop with &quot;Could not locate zlibwapi.dll&quot;.</source>
        <translation>Windows 上的 cuDNN %1 会加载 zlibwapi.dll，但它本身并不附带该文件；缺少它时，程序会报错 &quot;Could not locate zlibwapi.dll&quot; 并停止运行。</translation>
    </message>
    <message>
        <source>Install the ZLIB DLL (zlib123dllx64.zip, dll_x64\zlibwapi.dll) into a folder on PATH, e.g. the toolkit&apos;s bin folder, as NVIDIA&apos;s install guide describes; or use cuDNN 9.2 or newer, which links zlib statically.</source>
        <translation>请按照 NVIDIA 安装指南的说明，将 ZLIB DLL（zlib123dllx64.zip 中的 dll_x64\zlibwapi.dll）放到 PATH 中的某个文件夹，例如工具包的 bin 文件夹；或者使用静态链接 zlib 的 cuDNN 9.2 或更高版本。</translation>
    </message>
</context>
<context>
    <name>PathTrust</name>
    <message>
        <source>user %1 owns it</source>
        <translation>它属于用户 %1</translation>
    </message>
    <message>
        <source>anyone can write to it</source>
        <translation>任何人都可以写入它</translation>
    </message>
    <message>
        <source>group %1 can write to it</source>
        <translation>用户组 %1 可以写入它</translation>
    </message>
    <message>
        <source>it is not an absolute path</source>
        <translation>它不是绝对路径</translation>
    </message>
    <message>
        <source>it cannot be examined</source>
        <translation>无法检查它</translation>
    </message>
    <message>
        <source>it holds more than %1 files and folders, too many to check</source>
        <translation>其中的文件和文件夹超过 %1 个，太多而无法检查</translation>
    </message>
    <message>
        <source>its access control list cannot be read (%1), so who else may write to it is not known</source>
        <translation>无法读取它的访问控制列表（%1），因此不知道还有谁能写入它</translation>
    </message>
    <message>
        <source>the ACL gives user %1 write</source>
        <translation>ACL 允许用户 %1 写入</translation>
    </message>
    <message>
        <source>the ACL gives group %1 write</source>
        <translation>ACL 允许组 %1 写入</translation>
    </message>
    <message>
        <source>its default ACL gives anyone write to what is created in it</source>
        <translation>它的默认 ACL 允许任何人写入在其中新建的内容</translation>
    </message>
    <message>
        <source>its default ACL gives user %1 write to what is created in it</source>
        <translation>它的默认 ACL 允许用户 %1 写入在其中新建的内容</translation>
    </message>
    <message>
        <source>its default ACL gives group %1 write to what is created in it</source>
        <translation>它的默认 ACL 允许组 %1 写入在其中新建的内容</translation>
    </message>
    <message>
        <source>it is on a FUSE file system user %1 serves</source>
        <translation>它位于由用户 %1 提供的 FUSE 文件系统上</translation>
    </message>
    <message>
        <source>it is on a FUSE file system whose owner cannot be told</source>
        <translation>它位于一个无法确定所有者的 FUSE 文件系统上</translation>
    </message>
    <message>
        <source>%1; %2 takes that away</source>
        <translation>%1；执行 %2 可撤销该写入权限</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>change its permissions</source>
        <translation>更改其权限</translation>
    </message>
    <message>
        <source>take its ownership</source>
        <translation>取得其所有权</translation>
    </message>
    <message>
        <source>its permissions cannot be read (%1), so who may change it is not known</source>
        <translation>无法读取它的权限（%1），因此不知道谁能更改它</translation>
    </message>
    <message>
        <source>its owner %1 may change its permissions</source>
        <translation>它的所有者 %1 可以更改它的权限</translation>
    </message>
    <message>
        <source>it has no DACL, so anyone may change it</source>
        <translation>它没有 DACL，因此任何人都能更改它</translation>
    </message>
    <message>
        <source>its DACL lets %1 %2</source>
        <translation>它的 DACL 允许 %1 %2</translation>
    </message>
    <message>
        <source>its DACL gives what is created in it to %1 to %2</source>
        <translation>它的 DACL 会让 %1 对在其中新建的内容进行%2</translation>
    </message>
    <message>
        <source>%1, although it lies where by default only administrators may change files</source>
        <translation>%1，尽管它位于默认只有管理员才能更改文件的位置</translation>
    </message>
</context>
<context>
    <name>PlaceEntry</name>
    <message>
        <source>%1 is missing, so %2 cannot be written</source>
        <translation>缺少 %1，因此无法写入 %2</translation>
    </message>
    <message>
        <source>%1 vanished while the install ran</source>
        <translation>安装过程中 %1 消失了</translation>
    </message>
    <message>
        <source>%1 appeared while the install ran</source>
        <translation>安装过程中出现了 %1</translation>
    </message>
    <message>
        <source>cannot move %1 to %2: injected fault</source>
        <translation>无法将 %1 移动到 %2：注入的故障</translation>
    </message>
</context>
<context>
    <name>PlanPage</name>
    <message>
        <source>The plan</source>
        <translation>安装计划</translation>
    </message>
    <message>
        <source>Nothing has been changed yet. This is exactly what the install will write.</source>
        <translation>目前尚未做任何更改。以下正是安装将要写入的内容。</translation>
    </message>
    <message>
        <source>Files to install</source>
        <translation>要安装的文件</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>There is no plan: go back and choose a package that fits.</source>
        <translation>没有安装计划：请返回并选择一个适用的安装包。</translation>
    </message>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n 个文件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n new</source>
        <translation>
            <numerusform>%n 个新增</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replaced</source>
        <translation>
            <numerusform>%n 个替换</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n unchanged</source>
        <translation>
            <numerusform>%n 个不变</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Installs %n files into &lt;b&gt;%1&lt;/b&gt; (%2), %3 to write.</source>
        <translation>
            <numerusform>将 %n 个文件安装到 &lt;b&gt;%1&lt;/b&gt;（%2），需写入 %3。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Preflight</name>
    <message>
        <source>Nothing of %1 is installed: %2</source>
        <translation>未安装 %1 中的任何内容：%2</translation>
    </message>
    <message>
        <source>%1 was not read completely when it was checked, so nothing of it is installed.</source>
        <translation>检查时未能完整读取 %1，因此不会安装其中的任何内容。</translation>
    </message>
    <message>
        <source>Check the package again (a dry run shows why it stopped).</source>
        <translation>请重新检查安装包（使用 --dry-run 试运行可以看到它在哪里停止）。</translation>
    </message>
    <message>
        <source>%1 is not inside %2 as planned (a folder link may lead elsewhere).</source>
        <translation>%1 不在计划中的 %2 内（可能有文件夹链接指向了别处）。</translation>
    </message>
    <message>
        <source>Fix the toolkit&apos;s folder links, or install into another toolkit.</source>
        <translation>请修正工具包中的文件夹链接，或安装到其他工具包。</translation>
    </message>
    <message>
        <source>%1 has %2 free, but the install needs %3 (the files and a margin).</source>
        <translation>%1 的可用空间为 %2，但安装需要 %3（文件本身加上余量）。</translation>
    </message>
    <message>
        <source>Free some space on that drive, then run the install again.</source>
        <translation>请在该磁盘上腾出空间，然后重新运行安装。</translation>
    </message>
    <message>
        <source>This user may not write to %1, so nothing was changed.</source>
        <translation>当前用户无权写入 %1，因此未做任何更改。</translation>
    </message>
    <message>
        <source>Run cudnn-setup as an administrator.</source>
        <translation>请以管理员身份运行 cudnn-setup。</translation>
    </message>
    <message>
        <source>Run cudnn-setup as root (for example with sudo), or install into a toolkit you own.</source>
        <translation>请以 root 身份运行 cudnn-setup（例如使用 sudo），或安装到属于您的工具包中。</translation>
    </message>
    <message>
        <source>%1 lies on a read-only file system, so nothing was changed (no user may write there, root neither).</source>
        <translation>%1 位于只读文件系统上，因此没有做任何更改（任何用户都不能写入那里，root 也不能）。</translation>
    </message>
    <message>
        <source>Mount that file system writable, or install into a toolkit on a writable drive.</source>
        <translation>请以可写方式挂载该文件系统，或安装到位于可写磁盘上的工具包中。</translation>
    </message>
    <message>
        <source>%1 is a link, not cudnn-setup&apos;s own folder, so nothing was changed: cudnn-setup never writes its journal, manifest or backups through a link.</source>
        <translation>%1 是一个链接，而不是 cudnn-setup 自己的文件夹，因此没有做任何更改：cudnn-setup 从不经由链接写入其日志、清单或备份。</translation>
    </message>
    <message>
        <source>%1 is a file, not cudnn-setup&apos;s own folder, so nothing was changed.</source>
        <translation>%1 是一个文件，而不是 cudnn-setup 自己的文件夹，因此没有做任何更改。</translation>
    </message>
    <message>
        <source>Move %1 away (cudnn-setup keeps its journal, manifest and backups in that folder), then run cudnn-setup again.</source>
        <translation>请将 %1 移走（cudnn-setup 在该文件夹中保存其日志、清单和备份），然后重新运行 cudnn-setup。</translation>
    </message>
    <message>
        <source>%1 is a link, not cudnn-setup&apos;s lock file</source>
        <translation>%1 是一个链接，不是 cudnn-setup 的锁文件</translation>
    </message>
    <message>
        <source>%1 is a folder, not cudnn-setup&apos;s lock file</source>
        <translation>%1 是一个文件夹，不是 cudnn-setup 的锁文件</translation>
    </message>
    <message>
        <source>%1 is not a file, so not cudnn-setup&apos;s lock file</source>
        <translation>%1 不是文件，因此不是 cudnn-setup 的锁文件</translation>
    </message>
    <message>
        <source>%1, so nothing was changed: cudnn-setup never opens its lock through a link or on anything but a file of its own.</source>
        <translation>%1，因此未做任何更改：cudnn-setup 从不通过链接打开它的锁，也只在它自己的文件上加锁。</translation>
    </message>
    <message>
        <source>Remove %1, then run cudnn-setup again.</source>
        <translation>请删除 %1，然后重新运行 cudnn-setup。</translation>
    </message>
</context>
<context>
    <name>PrivateFiles</name>
    <message>
        <source>%1 is not a canonical path</source>
        <translation>%1 不是规范路径</translation>
    </message>
    <message>
        <source>%1 is not the absolute path of a file</source>
        <translation>%1 不是文件的绝对路径</translation>
    </message>
    <message>
        <source>%1 leads through a link</source>
        <translation>%1 的路径经过链接</translation>
    </message>
    <message>
        <source>%1 cannot be created fresh</source>
        <translation>无法新建 %1</translation>
    </message>
    <message>
        <source>%1 is not a private folder of the user it works for (uid %2)</source>
        <translation>%1 不是所代表用户（uid %2）的私有文件夹</translation>
    </message>
</context>
<context>
    <name>ProcessRunner</name>
    <message>
        <source>not run with administrator rights: %1</source>
        <translation>未以管理员权限运行：%1</translation>
    </message>
    <message>
        <source>%1 did not finish within %2 ms</source>
        <translation>%1 未在 %2 毫秒内结束</translation>
    </message>
    <message>
        <source>%1 printed more than %2 MiB and was stopped</source>
        <translation>%1 输出超过 %2 MiB，已被停止</translation>
    </message>
    <message>
        <source>%1 crashed</source>
        <translation>%1 崩溃了</translation>
    </message>
    <message>
        <source>it is in none of the system&apos;s own folders</source>
        <translation>它不在系统自己的任何文件夹中</translation>
    </message>
    <message>
        <source>%1 was stopped</source>
        <translation>%1 已被停止</translation>
    </message>
</context>
<context>
    <name>PythonConsumers</name>
    <message>
        <source>it did not answer within %1 s</source>
        <translation>它未在 %1 秒内应答</translation>
    </message>
    <message>
        <source>it did not start: %1</source>
        <translation>它未能启动：%1</translation>
    </message>
    <message>
        <source>its answer could not be read (exit code %1%2)</source>
        <translation>无法读取它的应答（退出码 %1%2）</translation>
    </message>
    <message>
        <source>%1 could not be asked which cuDNN it uses: %2.</source>
        <translation>无法查询 %1 使用的是哪个 cuDNN：%2。</translation>
    </message>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%1 %2（位于 %3）</translation>
    </message>
    <message>
        <source>%1 cannot be imported: %2.</source>
        <translation>无法导入 %1：%2。</translation>
    </message>
    <message>
        <source>a cuDNN</source>
        <translation>某个 cuDNN</translation>
    </message>
    <message>
        <source>cuDNN %1</source>
        <translation>cuDNN %1</translation>
    </message>
    <message>
        <source>%1: TensorFlow 2.11 and later has no GPU support on native Windows, so it uses no cuDNN at all; a GPU needs WSL2 (or TensorFlow 2.10). No repair here changes that.</source>
        <translation>%1：TensorFlow 2.11 及更高版本在原生 Windows 上不支持 GPU，因此完全不使用 cuDNN；要使用 GPU 需要 WSL2（或 TensorFlow 2.10）。此处的任何修复都无法改变这一点。</translation>
    </message>
    <message>
        <source>%1 is a CPU-only build: it uses no cuDNN.</source>
        <translation>%1 是仅支持 CPU 的版本：它不使用 cuDNN。</translation>
    </message>
    <message>
        <source>%1 has no CUDA execution provider (the CPU package): it uses no cuDNN.</source>
        <translation>%1 没有 CUDA 执行提供程序（CPU 版安装包）：它不使用 cuDNN。</translation>
    </message>
    <message>
        <source>it adds its own folder with os.add_dll_directory, and Python 3.8+ ignores PATH for its DLLs</source>
        <translation>它用 os.add_dll_directory 添加了自己的文件夹，而 Python 3.8+ 加载 DLL 时会忽略 PATH</translation>
    </message>
    <message>
        <source>its RPATH points at its own copy</source>
        <translation>它的 RPATH 指向它自带的副本</translation>
    </message>
    <message>
        <source>%1 uses %2 from %3: %4. Repairs of the toolkit or the search path do not reach it; to change its cuDNN, reinstall that package (pip).</source>
        <translation>%1 使用来自 %3 的 %2：%4。对工具包或搜索路径的修复都影响不到它；要更换它的 cuDNN，请重新安装该软件包（pip）。</translation>
    </message>
    <message>
        <source>%1 loads cuDNN by name when its CUDA provider starts, from the library search path (%2), unless an nvidia-cudnn wheel is preloaded: the toolkit&apos;s cuDNN reaches it only through that search path.</source>
        <translation>%1 在其 CUDA 提供程序启动时按名称从库搜索路径（%2）加载 cuDNN，除非预先加载了 nvidia-cudnn wheel：工具包中的 cuDNN 只能通过该搜索路径被它用到。</translation>
    </message>
    <message>
        <source>%1 uses %2 found by name through the library search path%3: the toolkit&apos;s cuDNN reaches it only if it wins that search.</source>
        <translation>%1 使用通过库搜索路径按名称找到的 %2%3：只有当工具包中的 cuDNN 在该搜索中胜出时，它才会用到。</translation>
    </message>
    <message>
        <source> (now %1)</source>
        <translation>（当前为 %1）</translation>
    </message>
    <message>
        <source>it was not run with administrator rights, since its code can be changed by others (%1)</source>
        <translation>未以管理员权限运行它，因为其代码可被他人更改（%1）</translation>
    </message>
    <message>
        <source>it was not asked: asking the interpreters before it took over %1 s</source>
        <translation>未询问它：询问之前的解释器已用去超过 %1 秒</translation>
    </message>
</context>
<context>
    <name>PythonEnvironmentFinder</name>
    <message>
        <source>%1 is not a Python environment: it has no pyvenv.cfg, no conda-meta folder and no site-packages.</source>
        <translation>%1 不是 Python 环境：其中没有 pyvenv.cfg、conda-meta 文件夹，也没有 site-packages。</translation>
    </message>
    <message>
        <source>Give the environment&apos;s root folder (the one holding pyvenv.cfg or conda-meta).</source>
        <translation>请给出环境的根文件夹（含有 pyvenv.cfg 或 conda-meta 的那个）。</translation>
    </message>
    <message numerus="yes">
        <source>Detection stopped looking at Python environments after %n of them; %1 more were not looked at, so a framework in one of those is not judged.</source>
        <translation>
            <numerusform>检测在查看了 %n 个 Python 环境后停止；另有 %1 个未查看，其中的框架不会被判断。</numerusform>
        </translation>
    </message>
    <message>
        <source>Name the environment you care about with its folder, so it is read first.</source>
        <translation>请用文件夹指明你关心的环境，这样它会被优先读取。</translation>
    </message>
</context>
<context>
    <name>RecordedPaths</name>
    <message>
        <source>its transaction id &quot;%1&quot; is not one cudnn-setup makes</source>
        <translation>其事务标识“%1”不是 cudnn-setup 生成的</translation>
    </message>
    <message>
        <source>it names %1 as a staged file</source>
        <translation>它把 %1 列为暂存文件</translation>
    </message>
    <message>
        <source>it names %1 to remove</source>
        <translation>它要求删除 %1</translation>
    </message>
    <message>
        <source>its step %1 names %2, outside %3</source>
        <translation>其步骤 %1 指向 %3 之外的 %2</translation>
    </message>
    <message>
        <source>it names %1, which leads through the link %2</source>
        <translation>它指向 %1，该路径经过链接 %2</translation>
    </message>
    <message>
        <source>its step %1 names %2, which leads through the link %3</source>
        <translation>它的步骤 %1 指向 %2，该路径经过链接 %3</translation>
    </message>
</context>
<context>
    <name>RedistIndex</name>
    <message>
        <source>Use the folder that holds NVIDIA&apos;s redistrib_&lt;version&gt;.json files (with directory listing on), or name one of those files.</source>
        <translation>请使用存放 NVIDIA redistrib_&lt;version&gt;.json 文件的文件夹（需开启目录列表），或指定其中一个文件。</translation>
    </message>
    <message>
        <source>no &quot;cudnn&quot; entry with a version</source>
        <translation>没有带版本号的 &quot;cudnn&quot; 条目</translation>
    </message>
    <message>
        <source>it lists no archive with a path, a size and a SHA-256</source>
        <translation>其中没有列出任何带路径、大小和 SHA-256 的压缩包</translation>
    </message>
    <message>
        <source>%1 lists no redistrib_*.json manifest.</source>
        <translation>%1 中没有列出任何 redistrib_*.json 清单。</translation>
    </message>
    <message>
        <source>%1 is not a cuDNN manifest: %2.</source>
        <translation>%1 不是 cuDNN 清单：%2。</translation>
    </message>
    <message>
        <source>Copy the manifest from NVIDIA&apos;s redist folder unchanged.</source>
        <translation>请从 NVIDIA 的 redist 文件夹原样复制该清单。</translation>
    </message>
</context>
<context>
    <name>RegularFile</name>
    <message>
        <source>%1 is not a regular file (it is a folder, a device or missing); only regular files are read</source>
        <translation>%1 不是普通文件（它是文件夹、设备或不存在）；只读取普通文件</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is a link, and cudnn-setup does not follow one here</source>
        <translation>%1 是一个链接，cudnn-setup 在此处不跟随链接</translation>
    </message>
    <message>
        <source>%1 is a FIFO (a named pipe), not a file; cudnn-setup reads only regular files</source>
        <translation>%1 是一个 FIFO（命名管道），不是文件；cudnn-setup 只读取普通文件</translation>
    </message>
    <message>
        <source>%1 is not a regular file (a folder, a device or a socket); cudnn-setup reads only regular files</source>
        <translation>%1 不是普通文件（而是文件夹、设备或套接字）；cudnn-setup 只读取普通文件</translation>
    </message>
    <message>
        <source>%1 is larger than %2, more than such a file can hold; it is not read</source>
        <translation>%1 大于 %2，超过此类文件可能的大小；不予读取</translation>
    </message>
</context>
<context>
    <name>RemedyText</name>
    <message>
        <source>Run: cudnn-setup --silent --package FILE --cuda-root %1</source>
        <translation>运行：cudnn-setup --silent --package FILE --cuda-root %1</translation>
    </message>
    <message>
        <source>Run: cudnn-setup --silent --package FILE</source>
        <translation>运行：cudnn-setup --silent --package FILE</translation>
    </message>
    <message>
        <source>Run: cudnn-setup --repair</source>
        <translation>运行：cudnn-setup --repair</translation>
    </message>
    <message>
        <source>Run the same command in an administrator prompt.</source>
        <translation>在管理员命令提示符中运行同一条命令。</translation>
    </message>
    <message>
        <source>Run the same command as root (sudo).</source>
        <translation>以 root 身份（sudo）运行同一条命令。</translation>
    </message>
    <message>
        <source>Point --mirror at that folder, or name the file with --manifest URL.</source>
        <translation>用 --mirror 指向该文件夹，或用 --manifest URL 指定该文件。</translation>
    </message>
    <message>
        <source>Name the toolkit with --cuda-root DIR.</source>
        <translation>用 --cuda-root DIR 指定工具包。</translation>
    </message>
    <message>
        <source>Name the toolkit with --cuda-root %1.</source>
        <translation>用 --cuda-root %1 指定工具包。</translation>
    </message>
    <message>
        <source>Name the mirror with --mirror URL (a folder: --mirror DIR).</source>
        <translation>用 --mirror URL 指定镜像（文件夹：--mirror DIR）。</translation>
    </message>
    <message>
        <source>Name the cache folder with --cache DIR.</source>
        <translation>用 --cache DIR 指定缓存文件夹。</translation>
    </message>
    <message>
        <source>Give them with --package FILE --cuda-root DIR.</source>
        <translation>用 --package FILE --cuda-root DIR 同时提供两者。</translation>
    </message>
    <message>
        <source>Give the archive with --package FILE.</source>
        <translation>用 --package FILE 提供压缩包。</translation>
    </message>
    <message>
        <source>Give the archive (%1) with --package FILE.</source>
        <translation>用 --package FILE 提供压缩包（%1）。</translation>
    </message>
    <message>
        <source>Run in that environment: pip install &quot;%1&quot;</source>
        <translation>在该环境中运行：pip install &quot;%1&quot;</translation>
    </message>
    <message>
        <source>Before the import, add: os.add_dll_directory(r&quot;%1&quot;)</source>
        <translation>在 import 之前加上：os.add_dll_directory(r&quot;%1&quot;)</translation>
    </message>
</context>
<context>
    <name>RepairCommand</name>
    <message>
        <source>Nothing to repair.
</source>
        <translation>没有需要修复的内容。
</translation>
    </message>
    <message>
        <source>  would %1: %2
</source>
        <translation>  将执行 %1：%2
</translation>
    </message>
    <message>
        <source>  done %1: %2
</source>
        <translation>  已执行 %1：%2
</translation>
    </message>
    <message>
        <source>  left: %1 (%2)
    %3
</source>
        <translation>  遗留：%1（%2）
    %3
</translation>
    </message>
    <message>
        <source>  note: %1
</source>
        <translation>  注意：%1
</translation>
    </message>
    <message>
        <source>Repaired; nothing is left broken.
</source>
        <translation>已修复；没有遗留的损坏。
</translation>
    </message>
    <message numerus="yes">
        <source>Repaired what could be repaired; %n problem(s) left.
</source>
        <translation>
            <numerusform>已修复能修复的部分；仍有 %n 个问题。
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepairOutcome</name>
    <message>
        <source>There is no package at %1, so nothing was changed.</source>
        <translation>%1 处没有安装包，因此未做任何更改。</translation>
    </message>
    <message>
        <source>Give the archive the files were installed from.</source>
        <translation>请提供当初安装这些文件所用的压缩包。</translation>
    </message>
</context>
<context>
    <name>RepairPage</name>
    <message>
        <source>&amp;Repair</source>
        <translation>修复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel and roll back</source>
        <translation>取消并回滚(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Scan again</source>
        <translation>重新扫描(&amp;S)</translation>
    </message>
    <message>
        <source>Repair</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>What is broken in the installed cuDNN, and who can fix it. The safe fixes are applied in one step per toolkit: if one fails or you cancel, everything is put back as it was.</source>
        <translation>已安装的 cuDNN 哪里坏了、谁能修。安全修复按工具包一步完成，失败或取消则全部复原。</translation>
    </message>
    <message>
        <source>Repair findings</source>
        <translation>修复检查结果</translation>
    </message>
    <message>
        <source>Repair progress</source>
        <translation>修复进度</translation>
    </message>
    <message>
        <source>Apply the automatic fixes</source>
        <translation>应用自动修复</translation>
    </message>
    <message>
        <source>Cancel the repair and roll back</source>
        <translation>取消修复并回滚</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <source>Finishing any interrupted run, then looking for damage…</source>
        <translation>正在完成被中断的操作，然后查找损坏…</translation>
    </message>
    <message>
        <source>An interrupted run was finished or put back first:</source>
        <translation>已先完成或还原了一次被中断的操作：</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>Canceling: putting everything back…</source>
        <translation>正在取消：正在将一切恢复原样…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Repaired&lt;/b&gt;: %n fixes applied. They are now part of the install they repaired: uninstalling it puts back what was there before that install.</source>
        <translation>
            <numerusform>&lt;b&gt;已修复&lt;/b&gt;：应用了 %n 项修复。这些修复现已并入被修复的那次安装：卸载它会恢复该次安装之前的状态。</numerusform>
        </translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Stopped and rolled back&lt;/b&gt;: every toolkit is exactly as it was before the repair.</source>
        <translation>&lt;b&gt;已停止并回滚&lt;/b&gt;：每个工具包都与修复前完全一致。</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Nothing was repaired.&lt;/b&gt;</source>
        <translation>&lt;b&gt;未修复任何内容。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Nothing left to repair.</source>
        <translation>已没有需要修复的内容。</translation>
    </message>
    <message numerus="yes">
        <source>Left after the repair: %n problems.</source>
        <translation>
            <numerusform>修复后仍有 %n 个问题。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to repair.</source>
        <translation>没有需要修复的内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n problems found.</source>
        <translation>
            <numerusform>发现 %n 个问题。</numerusform>
        </translation>
    </message>
    <message>
        <source>None of them can be fixed here automatically.</source>
        <translation>其中没有任何问题可以在此自动修复。</translation>
    </message>
    <message>
        <source>Press Repair to apply the automatic fixes.</source>
        <translation>按“修复”以应用自动修复。</translation>
    </message>
    <message>
        <source>Can be fixed here</source>
        <translation>可在此修复</translation>
    </message>
    <message>
        <source>Needs administrator rights</source>
        <translation>需要管理员权限</translation>
    </message>
    <message>
        <source>Manual step</source>
        <translation>手动步骤</translation>
    </message>
    <message>
        <source>For information</source>
        <translation>仅供参考</translation>
    </message>
    <message>
        <source>Step: %1</source>
        <translation>步骤：%1</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>解决方法：%1</translation>
    </message>
    <message>
        <source>Fixed (%1)</source>
        <translation>已修复（%1）</translation>
    </message>
    <message>
        <source>%1 was put back from the package.</source>
        <translation>已从安装包恢复 %1。</translation>
    </message>
    <message>
        <source>%1 is a link again, as the package has it.</source>
        <translation>%1 已重新成为链接，与安装包中一致。</translation>
    </message>
    <message>
        <source>%1 can be read by everyone again.</source>
        <translation>%1 已重新对所有人可读。</translation>
    </message>
    <message>
        <source>The search path now finds %1 first.</source>
        <translation>搜索路径现在优先找到 %1。</translation>
    </message>
    <message>
        <source>The loader cache was rebuilt: new programs find the libraries of %1.</source>
        <translation>加载器缓存已重建：新启动的程序会找到 %1 中的库。</translation>
    </message>
    <message>
        <source>E&amp;xplain an error…</source>
        <translation>解释错误信息(&amp;X)…</translation>
    </message>
    <message>
        <source>Paste the error your program printed and find its cause</source>
        <translation>粘贴程序打印的错误信息并找出原因</translation>
    </message>
</context>
<context>
    <name>RepairScanner</name>
    <message>
        <source>The package these files came from, %1, is no longer there. Give repair that archive from wherever it is now; it must be the same file (SHA-256 %2).</source>
        <translation>这些文件所来自的安装包 %1 已不在原处。请把该压缩包从它现在所在的位置交给修复；必须是同一个文件（SHA-256 %2）。</translation>
    </message>
    <message>
        <source>Repair this as root: this user may not write to %1.</source>
        <translation>请以 root 身份修复：当前用户无权写入 %1。</translation>
    </message>
    <message>
        <source>Repair this as an administrator: this user may not write to %1.</source>
        <translation>请以管理员身份修复：当前用户无权写入 %1。</translation>
    </message>
    <message>
        <source>Install the one cuDNN version you want into %1 again: that takes the other version&apos;s files away (and keeps them for uninstall). Repair does not guess which version you meant.</source>
        <translation>把你想要的那一个 cuDNN 版本重新安装到 %1：这会移走另一个版本的文件（并保留它们以便卸载）。修复不会猜测你想要哪个版本。</translation>
    </message>
    <message>
        <source>Install cuDNN %1 into %2 again from its package (repair restores only files cudnn-setup installed itself).</source>
        <translation>用安装包把 cuDNN %1 重新安装到 %2（修复只还原 cudnn-setup 自己安装的文件）。</translation>
    </message>
    <message>
        <source>cudnn-setup&apos;s record of what it installed in %1 cannot be read: %2.</source>
        <translation>无法读取 cudnn-setup 在 %1 中的安装记录：%2。</translation>
    </message>
    <message>
        <source>Move the damaged manifest away; repair then treats the toolkit as installed by hand.</source>
        <translation>请移走已损坏的清单；之后修复会将该工具包视为手动安装。</translation>
    </message>
    <message>
        <source>Repair puts it back from the package it came from.</source>
        <translation>修复会从其来源安装包中将它还原。</translation>
    </message>
    <message>
        <source>%1, which cudnn-setup installed, is gone.</source>
        <translation>cudnn-setup 安装的 %1 已不存在。</translation>
    </message>
    <message>
        <source>Repair makes the link to %1 again.</source>
        <translation>修复会重新创建指向 %1 的链接。</translation>
    </message>
    <message>
        <source>%1 is empty (a blocked or interrupted copy).</source>
        <translation>%1 是空文件（复制被阻止或中断）。</translation>
    </message>
    <message>
        <source>%1 is not the file cudnn-setup installed: its content changed since (SHA-256 expected %2).</source>
        <translation>%1 不是 cudnn-setup 安装的那个文件：其内容在安装后已被更改（预期 SHA-256 为 %2）。</translation>
    </message>
    <message>
        <source>%1 is a copy instead of the link to %2 it was installed as.</source>
        <translation>%1 是一个副本，而不是安装时指向 %2 的链接。</translation>
    </message>
    <message>
        <source>Repair replaces the copy by the link (the copy is kept for undo).</source>
        <translation>修复会用链接替换该副本（副本会被保留，以便撤销）。</translation>
    </message>
    <message>
        <source>%1 no longer is the link to %2 it was installed as.</source>
        <translation>%1 已不再是安装时指向 %2 的链接。</translation>
    </message>
    <message>
        <source>%1 is not readable by all users, so other accounts cannot load it.</source>
        <translation>%1 并非所有用户都可读，因此其他账户无法加载它。</translation>
    </message>
    <message>
        <source>Repair makes it readable by all (mode %1).</source>
        <translation>修复会使其对所有用户可读（权限模式 %1）。</translation>
    </message>
    <message>
        <source>If programs should use this toolkit, run as root: ln -sfn %1 %2 (repair leaves the link alone: another toolkit&apos;s users may rely on it).</source>
        <translation>如果程序应使用此工具包，请以 root 身份运行：ln -sfn %1 %2（修复不会改动该链接：其他工具包的用户可能依赖它）。</translation>
    </message>
    <message>
        <source>%1 keeps these files, so repair leaves them alone; to put them right, run: %2</source>
        <translation>这些文件由 %1 管理，修复不会改动它们；如需修正，请运行：%2</translation>
    </message>
</context>
<context>
    <name>RepairService</name>
    <message>
        <source>Install the package again instead.</source>
        <translation>请改为重新安装该安装包。</translation>
    </message>
    <message>
        <source>Give the archive the files were installed from (SHA-256 %1).</source>
        <translation>请提供安装这些文件时所用的压缩包（SHA-256 %1）。</translation>
    </message>
    <message>
        <source>Give that very archive; to change versions, install the other package instead of repairing.</source>
        <translation>请提供正是那个压缩包；若要更换版本，请安装另一个安装包，而不是修复。</translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation>阶段：%1</translation>
    </message>
    <message>
        <source>An interrupted earlier run in %1 was put back first, so the findings no longer describe the toolkit; nothing else was changed.</source>
        <translation>先还原了之前在 %1 中被中断的一次操作，因此检查结果已不再反映该工具包的现状；未做其他更改。</translation>
    </message>
    <message>
        <source>Run the repair again: it scans the toolkit as it is now.</source>
        <translation>请再次运行修复：它会按工具包的当前状态重新扫描。</translation>
    </message>
    <message>
        <source>put back %1</source>
        <translation>已还原 %1</translation>
    </message>
    <message>
        <source>repaired %1 (what was there is kept in %2)</source>
        <translation>已修复 %1（原有内容保存在 %2 中）</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>undid</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <source>performed</source>
        <translation>已执行</translation>
    </message>
    <message>
        <source>Putting files in place</source>
        <translation>正在放置文件</translation>
    </message>
    <message>
        <source>Nothing was changed: the journal cannot be written (%1).</source>
        <translation>未做任何更改：无法写入事务日志（%1）。</translation>
    </message>
    <message>
        <source>Writing files</source>
        <translation>正在写入文件</translation>
    </message>
    <message>
        <source>%1 cannot be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>The repair was canceled.</source>
        <translation>修复已取消。</translation>
    </message>
    <message>
        <source>Putting everything back</source>
        <translation>正在还原所有更改</translation>
    </message>
    <message>
        <source>The repair stopped: %1</source>
        <translation>修复已停止：%1</translation>
    </message>
    <message>
        <source>Fix the cause, then run the repair again.</source>
        <translation>请排除原因，然后再次运行修复。</translation>
    </message>
    <message>
        <source>Everything the repair had changed was put back as it was.</source>
        <translation>修复所做的一切更改均已恢复原样。</translation>
    </message>
    <message>
        <source>The repair stopped, and not everything could be put back yet: %1</source>
        <translation>修复已停止，且尚未能还原所有更改：%1</translation>
    </message>
    <message>
        <source>Fix the cause, then run cudnn-setup again: it finishes putting things back before anything else.</source>
        <translation>请排除原因，然后再次运行 cudnn-setup：它会先完成还原，再做其他任何操作。</translation>
    </message>
    <message>
        <source>There is no package at %1, so nothing was changed.</source>
        <translation>%1 处没有安装包，因此未做任何更改。</translation>
    </message>
    <message>
        <source>checking %1</source>
        <translation>正在检查 %1</translation>
    </message>
    <message>
        <source>The repair was canceled before anything was changed.</source>
        <translation>修复在做出任何更改之前已被取消。</translation>
    </message>
    <message>
        <source>%1 is not the package cudnn-setup installed %2 from: its SHA-256 is %3, the manifest records %4 (%5). Nothing was changed.</source>
        <translation>%1 不是 cudnn-setup 安装 %2 时所用的安装包：它的 SHA-256 为 %3，而清单记录的是 %4（%5）。未做任何更改。</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>%1 does not hold %2 as cudnn-setup installed it, so nothing was changed.</source>
        <translation>%1 中的 %2 与 cudnn-setup 安装时不一致，因此未做任何更改。</translation>
    </message>
    <message>
        <source>Nothing to repair.</source>
        <translation>没有需要修复的内容。</translation>
    </message>
    <message>
        <source>Nothing repair can do by itself; what is left needs the steps named with each finding.</source>
        <translation>没有修复可以自动完成的内容；剩下的问题需要按各项检查结果中列出的步骤处理。</translation>
    </message>
    <message numerus="yes">
        <source>%n fixes applied. They are part of the install they repaired: an uninstall puts back what was there before that install.</source>
        <translation>
            <numerusform>已应用 %n 项修复。这些修复已并入被修复的那次安装：卸载会恢复该次安装之前的状态。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Report</name>
    <message>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <source>the folder %1 does not exist</source>
        <translation>文件夹 %1 不存在</translation>
    </message>
    <message>
        <source>the file is read-only</source>
        <translation>该文件是只读的</translation>
    </message>
    <message>
        <source>the folder %1 may not be written</source>
        <translation>无权写入文件夹 %1</translation>
    </message>
</context>
<context>
    <name>RootSearchPath</name>
    <message>
        <source>The machine&apos;s search path would name %1, which others than the administrator can change (%2): every program of every user, set-user-ID programs too, would load what is put there.</source>
        <translation>整机搜索路径将包含 %1，而管理员以外的人可以更改它（%2）：所有用户的每个程序（包括设置了用户 ID 的程序）都会加载放在那里的内容。</translation>
    </message>
    <message>
        <source>The administrator&apos;s own search path would name %1, which others than the administrator can change (%2): every program the administrator starts would load what is put there.</source>
        <translation>管理员自己的搜索路径将包含 %1，而管理员以外的人可以更改它（%2）：管理员启动的每个程序都会加载放在那里的内容。</translation>
    </message>
    <message>
        <source>Nothing on the search path was changed. Use a toolkit in a folder only the administrator can change (as NVIDIA&apos;s installers place it), or make the fix for your own account without administrator rights.</source>
        <translation>搜索路径未做任何更改。请使用位于只有管理员能更改的文件夹中的工具包（NVIDIA 安装程序即如此放置），或者不使用管理员权限、只为你自己的账户进行修复。</translation>
    </message>
</context>
<context>
    <name>RootSession</name>
    <message>
        <source>Nothing was changed: %1.</source>
        <translation>未做任何更改：%1。</translation>
    </message>
    <message>
        <source>Wait for the other run to finish, then try again.</source>
        <translation>请等待另一个正在运行的 cudnn-setup 结束，然后重试。</translation>
    </message>
    <message>
        <source>This user may not write to %1, so nothing was changed (%2).</source>
        <translation>当前用户无权写入 %1，因此未做任何更改（%2）。</translation>
    </message>
    <message>
        <source>Run cudnn-setup as an administrator.</source>
        <translation>请以管理员身份运行 cudnn-setup。</translation>
    </message>
    <message>
        <source>Run cudnn-setup as root (for example with sudo).</source>
        <translation>请以 root 身份运行 cudnn-setup（例如使用 sudo）。</translation>
    </message>
    <message>
        <source>An earlier run in %1 was interrupted, and it could not be put back: %2</source>
        <translation>之前在 %1 中的一次运行被中断，并且无法还原：%2</translation>
    </message>
    <message>
        <source>Nothing else was changed. Fix the cause (space, permissions), then run cudnn-setup again: it tries again first. The journal is %1.</source>
        <translation>未做其他更改。请排除原因（空间、权限），然后再次运行 cudnn-setup：它会首先重试还原。事务日志位于 %1。</translation>
    </message>
    <message>
        <source>An earlier %1 in %2 had finished but not tidied up; it was tidied up.</source>
        <translation>之前在 %2 中的一次 %1 已完成但未清理；现已清理完毕。</translation>
    </message>
    <message>
        <source>An earlier %1 in %2 (started %3) was interrupted; everything it had changed was put back first.</source>
        <translation>之前在 %2 中的一次 %1（开始于 %3）被中断；已先将它所做的全部更改还原。</translation>
    </message>
    <message>
        <source>Move the damaged file away; cudnn-setup then no longer knows what it installed there, so uninstall by hand.</source>
        <translation>请移走已损坏的文件；此后 cudnn-setup 将不再知道它在那里安装了什么，因此需要手动卸载。</translation>
    </message>
</context>
<context>
    <name>SearchPathSummary</name>
    <message>
        <source>CUDA toolkit</source>
        <translation>CUDA 工具包</translation>
    </message>
    <message>
        <source>NVIDIA&apos;s cuDNN installer</source>
        <translation>NVIDIA 的 cuDNN 安装程序</translation>
    </message>
    <message>
        <source>system package</source>
        <translation>系统软件包</translation>
    </message>
    <message>
        <source>system package %1</source>
        <translation>系统软件包 %1</translation>
    </message>
    <message>
        <source>pip wheel</source>
        <translation>pip wheel</translation>
    </message>
    <message>
        <source>pip wheel %1</source>
        <translation>pip wheel %1</translation>
    </message>
    <message>
        <source>conda package</source>
        <translation>conda 软件包</translation>
    </message>
    <message>
        <source>conda package %1</source>
        <translation>conda 软件包 %1</translation>
    </message>
    <message>
        <source>next to a program</source>
        <translation>在程序旁边</translation>
    </message>
    <message>
        <source>%1, environment %2</source>
        <translation>%1，环境 %2</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>loses: %1</source>
        <translation>被遮蔽：%1</translation>
    </message>
    <message>
        <source>Which copy a new program gets, before any change:</source>
        <translation>新启动的程序会加载哪一份副本（任何更改之前）：</translation>
    </message>
</context>
<context>
    <name>SetupOutcome</name>
    <message>
        <source>%1 is not the archive that was checked: its SHA-256 is %2, not %3. Nothing was changed.</source>
        <translation>%1 不是之前检查过的那个压缩包：它的 SHA-256 是 %2，而不是 %3。未做任何更改。</translation>
    </message>
    <message>
        <source>Check the archive again (another file was put in its place), then install it.</source>
        <translation>请重新检查该压缩包（有另一个文件被放到了它的位置上），然后再安装。</translation>
    </message>
    <message>
        <source>the package was not accepted</source>
        <translation>安装包未被接受</translation>
    </message>
    <message>
        <source>cuDNN was not installed</source>
        <translation>未安装 cuDNN</translation>
    </message>
    <message>
        <source>a deploy is loaded by the application itself</source>
        <translation>部署的库由应用程序自己加载</translation>
    </message>
    <message>
        <source>Checking what loads</source>
        <translation>正在检查实际加载的库</translation>
    </message>
    <message>
        <source>a deploy is measured by the application itself</source>
        <translation>部署的库由应用程序自己测量</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Measuring convolutions</source>
        <translation>正在测量卷积</translation>
    </message>
    <message>
        <source>The log %1 cannot be written (%2), so nothing was changed.</source>
        <translation>无法写入日志 %1（%2），因此未做任何更改。</translation>
    </message>
    <message>
        <source>Write the log into a folder you may write to.</source>
        <translation>请把日志写到你有写入权限的文件夹中。</translation>
    </message>
    <message>
        <source>no package to install (%1)</source>
        <translation>没有可安装的安装包（%1）</translation>
    </message>
    <message>
        <source>%1 holds cuDNN files that a package manager keeps: %2. cudnn-setup does not write over them, so nothing was changed.</source>
        <translation>%1 中有由包管理器管理的 cuDNN 文件：%2。cudnn-setup 不会覆盖它们，因此没有做任何更改。</translation>
    </message>
    <message>
        <source>Let each manager put its own files right (%1), or install into a toolkit whose cuDNN no package manager keeps.</source>
        <translation>请让各包管理器自行修正自己的文件（%1），或者安装到 cuDNN 不由任何包管理器管理的工具包中。</translation>
    </message>
    <message>
        <source>Asking for administrator rights</source>
        <translation>正在请求管理员权限</translation>
    </message>
    <message>
        <source>writing into the toolkit needs administrator rights</source>
        <translation>写入该工具包需要管理员权限</translation>
    </message>
    <message>
        <source>The command run with administrator rights installed these files into %1; nothing more was written there.</source>
        <translation>以管理员权限运行的命令已将这些文件安装到 %1；那里没有再写入其他内容。</translation>
    </message>
    <message>
        <source>as asked</source>
        <translation>按要求</translation>
    </message>
</context>
<context>
    <name>SetupWizard</name>
    <message>
        <source>cudnn-setup</source>
        <translation>cudnn-setup</translation>
    </message>
    <message>
        <source>&amp;Install</source>
        <translation>安装(&amp;I)</translation>
    </message>
    <message>
        <source>Welcome</source>
        <translation>欢迎</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>安装包</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Search path</source>
        <translation>搜索路径</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>安装</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <source>Finish</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Repair</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>Uninstall</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Application folder</source>
        <translation>应用程序文件夹</translation>
    </message>
    <message>
        <source>cuDNN is being repaired. Stop and put everything back?</source>
        <translation>正在修复 cuDNN。要停止并把一切恢复原样吗？</translation>
    </message>
    <message>
        <source>cuDNN is being uninstalled. Stop and put everything back?</source>
        <translation>正在卸载 cuDNN。要停止并把一切恢复原样吗？</translation>
    </message>
    <message>
        <source>cuDNN is being copied into the application&apos;s folder. Stop and put everything back?</source>
        <translation>正在把 cuDNN 复制到应用程序的文件夹。要停止并把一切恢复原样吗？</translation>
    </message>
    <message>
        <source>cuDNN is being installed. Stop and put everything back?</source>
        <translation>正在安装 cuDNN。要停止并把一切恢复原样吗？</translation>
    </message>
    <message>
        <source>The step with administrator rights cannot be stopped from here. It finishes, or puts everything back, on its own; this window shows which.</source>
        <translation>需要管理员权限的步骤无法从这里停止。它会自行完成，或自行把一切恢复原样；本窗口会显示结果。</translation>
    </message>
    <message>
        <source>What was done so far is undone, and this window shows the result.</source>
        <translation>到目前为止所做的更改都会撤销，本窗口会显示结果。</translation>
    </message>
    <message>
        <source>&amp;Stop and put back</source>
        <translation>停止并恢复(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
</context>
<context>
    <name>StagingArea</name>
    <message>
        <source>staged %1 (%2 bytes)</source>
        <translation>已暂存 %1（%2 字节）</translation>
    </message>
    <message>
        <source>%1 already exists</source>
        <translation>%1 已存在</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 holds more bytes than the %2 it declares; it is no cuDNN member</source>
        <translation>%1 包含的字节多于其声明的 %2；它不是 cuDNN 的成员</translation>
    </message>
    <message>
        <source>%1 declares %2, but the disk holding %3 has %4 free (less a margin); nothing of it was written</source>
        <translation>%1 声明了 %2，但 %3 所在磁盘的可用空间（扣除余量）只有 %4；其内容一字节也未写入</translation>
    </message>
    <message>
        <source>its directory lists %1 files and none is a cuDNN header or library, so it is no cuDNN package; nothing of it was written</source>
        <translation>其目录列出了 %1 个文件，但没有一个是 cuDNN 头文件或库，因此它不是 cuDNN 软件包；其内容一字节也未写入</translation>
    </message>
    <message>
        <source>the archive&apos;s directory</source>
        <translation>归档的目录</translation>
    </message>
</context>
<context>
    <name>StepList</name>
    <message>
        <source>Steps</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>current step</source>
        <translation>当前步骤</translation>
    </message>
    <message>
        <source>skipped</source>
        <translation>已跳过</translation>
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
    <message>
        <source>Add an environment…</source>
        <translation>添加环境…</translation>
    </message>
    <message>
        <source>A Python environment (a venv or conda env folder) to look for cuDNN in, besides those found.</source>
        <translation>除已找到的环境外，还要在其中查找 cuDNN 的 Python 环境（venv 或 conda 环境文件夹）。</translation>
    </message>
    <message>
        <source>Programs that will use cuDNN</source>
        <translation>将使用 cuDNN 的程序</translation>
    </message>
    <message>
        <source>Choose a Python environment&apos;s folder</source>
        <translation>选择 Python 环境的文件夹</translation>
    </message>
</context>
<context>
    <name>ToolkitChooser</name>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Toolkit to install into</source>
        <translation>要安装到的工具包</translation>
    </message>
    <message>
        <source>A CUDA toolkit folder that is not in the list</source>
        <translation>列表中没有的 CUDA 工具包文件夹</translation>
    </message>
    <message>
        <source>Install into:</source>
        <translation>安装到：</translation>
    </message>
    <message>
        <source>CUDA %1</source>
        <translation>CUDA %1</translation>
    </message>
    <message>
        <source>CUDA, version unknown</source>
        <translation>CUDA（版本未知）</translation>
    </message>
    <message>
        <source>(active)</source>
        <translation>（当前使用）</translation>
    </message>
    <message>
        <source>Choose a CUDA toolkit folder</source>
        <translation>选择 CUDA 工具包文件夹</translation>
    </message>
    <message>
        <source>Looking at %1…</source>
        <translation>正在查看 %1…</translation>
    </message>
    <message>
        <source>%1 is not a CUDA toolkit: it has no bin/nvcc, include/cuda.h or version file.</source>
        <translation>%1 不是 CUDA 工具包：其中没有 bin/nvcc、include/cuda.h 或版本文件。</translation>
    </message>
</context>
<context>
    <name>ToolkitLocator</name>
    <message>
        <source>Install the CUDA toolkit first (cuDNN is added to a toolkit), or choose the folder it is in.</source>
        <translation>请先安装 CUDA 工具包（cuDNN 是装进工具包里的），或选择它所在的文件夹。</translation>
    </message>
    <message>
        <source>Choose the toolkit that gets cuDNN.</source>
        <translation>请选择要装入 cuDNN 的工具包。</translation>
    </message>
    <message>
        <source>%1 is a link to %2, which does not exist.</source>
        <translation>%1 是指向 %2 的链接，而目标并不存在。</translation>
    </message>
    <message>
        <source>Point it at an installed toolkit or remove it.</source>
        <translation>请让它指向一个已安装的工具包，或将其删除。</translation>
    </message>
    <message>
        <source>%1 is not a CUDA toolkit (no bin/nvcc, include/cuda.h or version file).</source>
        <translation>%1 不是 CUDA 工具包（没有 bin/nvcc、include/cuda.h 或版本文件）。</translation>
    </message>
    <message>
        <source>Pass the folder that contains the toolkit&apos;s bin and include folders.</source>
        <translation>请指定包含工具包 bin 和 include 文件夹的那个文件夹。</translation>
    </message>
    <message>
        <source>%1 points at %2, which is not a CUDA toolkit.</source>
        <translation>%1 指向 %2，但那不是 CUDA 工具包。</translation>
    </message>
    <message>
        <source>Reinstall that toolkit or remove the stale %1 setting.</source>
        <translation>请重新安装该工具包，或删除过时的 %1 设置。</translation>
    </message>
    <message>
        <source>Cannot tell the CUDA version of %1: no version.json, version.txt, cuda.h or working nvcc.</source>
        <translation>无法确定 %1 的 CUDA 版本：没有 version.json、version.txt、cuda.h，也没有可用的 nvcc。</translation>
    </message>
    <message>
        <source>Repair or reinstall this toolkit.</source>
        <translation>请修复或重新安装此工具包。</translation>
    </message>
    <message>
        <source>No CUDA toolkit was found.</source>
        <translation>未找到 CUDA 工具包。</translation>
    </message>
    <message>
        <source>the first nvcc on PATH is in %1</source>
        <translation>PATH 中的第一个 nvcc 位于 %1</translation>
    </message>
    <message>
        <source>CUDA_PATH is %1</source>
        <translation>CUDA_PATH 为 %1</translation>
    </message>
    <message>
        <source>/usr/local/cuda points to %1</source>
        <translation>/usr/local/cuda 指向 %1</translation>
    </message>
    <message>
        <source>The toolkit pointers disagree: %1.</source>
        <translation>指向工具包的各项设置不一致：%1。</translation>
    </message>
    <message>
        <source>Decide which toolkit gets cuDNN and make PATH, CUDA_PATH and /usr/local/cuda point at it (the environment step can do this).</source>
        <translation>请决定将 cuDNN 装入哪个工具包，并让 PATH、CUDA_PATH 和 /usr/local/cuda 都指向它（环境设置步骤可以完成这项工作）。</translation>
    </message>
    <message>
        <source>Several toolkits are installed and none is on PATH.</source>
        <translation>安装了多个工具包，但都不在 PATH 中。</translation>
    </message>
</context>
<context>
    <name>ToolkitState</name>
    <message>
        <source>another cudnn-setup (process %1) is working on %2</source>
        <translation>另一个 cudnn-setup（进程 %1）正在处理 %2</translation>
    </message>
    <message>
        <source>another cudnn-setup is working on %1</source>
        <translation>另一个 cudnn-setup 正在处理 %1</translation>
    </message>
    <message>
        <source>cannot lock %1 (%2)</source>
        <translation>无法锁定 %1（%2）</translation>
    </message>
</context>
<context>
    <name>Transaction</name>
    <message>
        <source>the journal %1 cannot be acted on (%2); nothing was changed</source>
        <translation>无法依据日志 %1 执行操作（%2）；未做任何更改</translation>
    </message>
    <message>
        <source>transaction %1 (%2) begins in %3</source>
        <translation>事务 %1（%2）在 %3 中开始</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>transaction %1 committed</source>
        <translation>事务 %1 已提交</translation>
    </message>
    <message>
        <source>transaction %1 rolls back</source>
        <translation>事务 %1 正在回滚</translation>
    </message>
    <message>
        <source>finished the clean-up of transaction %1, which had committed</source>
        <translation>已完成已提交事务 %1 的清理</translation>
    </message>
    <message>
        <source>the journal %1 names an operation this run cannot undo: %2</source>
        <translation>事务日志 %1 中有本次运行无法撤销的操作：%2</translation>
    </message>
    <message>
        <source>transaction %1 (%2, started %3) was interrupted; rolling it back</source>
        <translation>事务 %1（%2，开始于 %3）曾被中断；正在回滚</translation>
    </message>
    <message>
        <source>cannot undo %1: %2</source>
        <translation>无法撤销 %1：%2</translation>
    </message>
    <message>
        <source>transaction %1 rolled back</source>
        <translation>事务 %1 已回滚</translation>
    </message>
    <message>
        <source>%1 is no longer the folder this transaction began in: it was moved or replaced meanwhile</source>
        <translation>%1 已不再是此事务开始时的文件夹：它在此期间被移动或替换</translation>
    </message>
    <message>
        <source>%1 was moved or replaced while the transaction ran, so nothing is undone at that path; what was changed stays in the original folder with its journal and staged files, and once that folder is back at %1 the next cudnn-setup run puts it back</source>
        <translation>%1 在事务运行期间被移动或替换，因此不会在该路径上撤销任何操作；已做的更改连同其日志和暂存文件保留在原文件夹中，待该文件夹回到 %1 后，下一次运行 cudnn-setup 会将其恢复</translation>
    </message>
</context>
<context>
    <name>TransferMeter</name>
    <message>
        <source>%1 MiB/s</source>
        <translation>%1 MiB/s</translation>
    </message>
    <message>
        <source>%1 KiB/s</source>
        <translation>%1 KiB/s</translation>
    </message>
    <message>
        <source>%1, %2 left</source>
        <translation>%1，剩余 %2</translation>
    </message>
</context>
<context>
    <name>UninstallOutcome</name>
    <message>
        <source>No CUDA toolkit found here holds a cuDNN that cudnn-setup installed.</source>
        <translation>在此找到的 CUDA 工具包中，没有一个包含由 cudnn-setup 安装的 cuDNN。</translation>
    </message>
    <message>
        <source>cudnn-setup installed cuDNN into several toolkits: %1.</source>
        <translation>cudnn-setup 已将 cuDNN 安装到多个工具包中：%1。</translation>
    </message>
    <message>
        <source>Choose the toolkit to uninstall from.</source>
        <translation>请选择要从中卸载的工具包。</translation>
    </message>
    <message>
        <source>%1: removed (that install created it).</source>
        <translation>%1：删除（它是那次安装创建的）。</translation>
    </message>
    <message>
        <source>%1: as it was before that install, less the fix of an install taken back since.</source>
        <translation>%1：恢复到那次安装之前的样子，但去掉其后已撤回的另一次安装所做的修正。</translation>
    </message>
    <message>
        <source>%1: as it was before that install.</source>
        <translation>%1：恢复到那次安装之前的样子。</translation>
    </message>
</context>
<context>
    <name>UninstallPage</name>
    <message>
        <source>&amp;Uninstall the newest install from the selected toolkit</source>
        <translation>从所选工具包中卸载最近一次安装(&amp;U)</translation>
    </message>
    <message>
        <source>Switch or uninstall</source>
        <translation>切换或卸载</translation>
    </message>
    <message>
        <source>Toolkits with an install by cudnn-setup</source>
        <translation>包含 cudnn-setup 安装内容的工具包</translation>
    </message>
    <message>
        <source>Toolkit</source>
        <translation>工具包</translation>
    </message>
    <message>
        <source>cuDNN</source>
        <translation>cuDNN</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>安装时间</translation>
    </message>
    <message>
        <source>cudnn-setup has installed nothing into the toolkits found here.</source>
        <translation>cudnn-setup 未向此处找到的任何工具包安装过内容。</translation>
    </message>
    <message>
        <source>Toolkits holding a cuDNN that cudnn-setup installed:</source>
        <translation>包含由 cudnn-setup 安装的 cuDNN 的工具包：</translation>
    </message>
    <message>
        <source>Taking back the newest install from %1…</source>
        <translation>正在从 %1 撤回最近一次安装…</translation>
    </message>
    <message>
        <source>Uninstalled: %1 is back as it was before that install.</source>
        <translation>已卸载：%1 已恢复到那次安装之前的状态。</translation>
    </message>
    <message>
        <source>Nothing was changed (%1).</source>
        <translation>未做任何更改（%1）。</translation>
    </message>
    <message>
        <source>S&amp;witch to another cuDNN version…</source>
        <translation>切换到其他 cuDNN 版本(&amp;W)…</translation>
    </message>
    <message>
        <source>Uninstalling takes back the newest install and brings back what it replaced. Switching installs the version you choose in its place, in one step; uninstalling that later brings this one back.</source>
        <translation>卸载撤销最近一次安装并复原被替换的内容；切换一步换成你选的版本，之后卸载即复原此版本。</translation>
    </message>
    <message>
        <source>Choose the cuDNN package to install into the selected toolkit instead</source>
        <translation>选择要改为安装到所选工具包中的 cuDNN 包</translation>
    </message>
    <message>
        <source>Uninstall the newest install from %1?</source>
        <translation>要从 %1 卸载最近一次安装吗？</translation>
    </message>
    <message>
        <source>Uninstall cuDNN %1 from %2?</source>
        <translation>要从 %2 卸载 cuDNN %1 吗？</translation>
    </message>
    <message numerus="yes">
        <source>%n files and links are removed.</source>
        <translation>
            <numerusform>将删除 %n 个文件和链接。</numerusform>
        </translation>
    </message>
    <message>
        <source>The search path change made with them is taken back.</source>
        <translation>随之所做的搜索路径更改也会撤销。</translation>
    </message>
    <message>
        <source>What was there before is put back.</source>
        <translation>原有的内容会被恢复。</translation>
    </message>
    <message>
        <source>cuDNN %1, which it replaced, comes back.</source>
        <translation>被它替换的 cuDNN %1 会恢复。</translation>
    </message>
    <message>
        <source>&amp;Uninstall</source>
        <translation>卸载(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keep it</source>
        <translation>保留(&amp;K)</translation>
    </message>
    <message numerus="yes">
        <source>%n files are removed.</source>
        <translation>
            <numerusform>将删除 %n 个文件。</numerusform>
        </translation>
    </message>
    <message>
        <source>Search path:</source>
        <translation>搜索路径：</translation>
    </message>
</context>
<context>
    <name>Uninstaller</name>
    <message>
        <source>took %1 away again</source>
        <translation>已再次移除 %1</translation>
    </message>
    <message>
        <source>restored %1</source>
        <translation>已恢复 %1</translation>
    </message>
    <message>
        <source>put %1 back</source>
        <translation>已放回 %1</translation>
    </message>
    <message>
        <source>removed %1</source>
        <translation>已移除 %1</translation>
    </message>
    <message>
        <source>created the folder %1 again</source>
        <translation>已重新创建文件夹 %1</translation>
    </message>
    <message>
        <source>removed the folder %1 if empty</source>
        <translation>已删除文件夹 %1（如果为空）</translation>
    </message>
    <message>
        <source>performed %1 again</source>
        <translation>已重新执行 %1</translation>
    </message>
    <message>
        <source>took back %1</source>
        <translation>已撤回 %1</translation>
    </message>
    <message>
        <source>something was put there since the install removed it</source>
        <translation>安装移除它之后，又有东西被放到了那里</translation>
    </message>
    <message>
        <source>it is no longer the link to %1 the install made</source>
        <translation>它已不再是安装时创建的指向 %1 的链接</translation>
    </message>
    <message>
        <source>its content changed since the install</source>
        <translation>它的内容在安装后发生了变化</translation>
    </message>
    <message>
        <source>the copy saved at install time (%1) is missing, so it cannot be restored</source>
        <translation>安装时保存的副本（%1）已丢失，因此无法恢复</translation>
    </message>
    <message>
        <source>cudnn-setup has not installed anything in %1 (there is no manifest), so there is nothing to take back.</source>
        <translation>cudnn-setup 没有在 %1 中安装过任何内容（没有清单），因此没有需要撤回的内容。</translation>
    </message>
    <message>
        <source>uninstall of %1 (%2, cuDNN %3) from %4</source>
        <translation>从 %4 卸载 %1（%2，cuDNN %3）</translation>
    </message>
    <message>
        <source>%1 changed since cudnn-setup installed it: %2.</source>
        <translation>%1 在 cudnn-setup 安装后发生了变化：%2。</translation>
    </message>
    <message>
        <source>%1 That copy is kept in %2.</source>
        <translation>%1该副本保存在 %2。</translation>
    </message>
    <message>
        <source>Nothing was changed. A repair puts the file back as it was installed; then uninstall again.</source>
        <translation>未做任何更改。修复会将该文件恢复为安装时的状态；之后再卸载即可。</translation>
    </message>
    <message>
        <source>Nothing was changed: the manifest holds a step this run cannot take back (%1).</source>
        <translation>未做任何更改：清单中有本次运行无法撤回的步骤（%1）。</translation>
    </message>
    <message>
        <source>Restoring files</source>
        <translation>正在恢复文件</translation>
    </message>
    <message>
        <source>The uninstall stopped: %1</source>
        <translation>卸载已中止：%1</translation>
    </message>
    <message>
        <source>Fix the cause, then run the uninstall again.</source>
        <translation>请排除原因，然后重新运行卸载。</translation>
    </message>
    <message>
        <source>%1 is as it was before the uninstall.</source>
        <translation>%1 已恢复到卸载前的状态。</translation>
    </message>
    <message>
        <source>Not everything could be put back yet: %1</source>
        <translation>暂时未能全部还原：%1</translation>
    </message>
    <message>
        <source>Run cudnn-setup again: it finishes putting %1 back first.</source>
        <translation>请再次运行 cudnn-setup：它会先完成 %1 的还原。</translation>
    </message>
    <message>
        <source>phase: %1</source>
        <translation>阶段：%1</translation>
    </message>
    <message>
        <source>Nothing was changed: the manifest %1 cannot be acted on (%2).</source>
        <translation>没有做任何更改：无法依据清单 %1 执行操作（%2）。</translation>
    </message>
    <message>
        <source>cudnn-setup never records a path through a link, so the manifest or the toolkit was changed by someone else: remove the link, or restore the manifest.</source>
        <translation>cudnn-setup 从不记录经过链接的路径，因此清单或工具包已被他人更改：请删除该链接，或恢复清单。</translation>
    </message>
    <message>
        <source>Nothing was changed: the manifest %1 holds a step cudnn-setup never writes (%2).</source>
        <translation>未做任何更改：清单 %1 中有一个 cudnn-setup 从不写入的步骤（%2）。</translation>
    </message>
    <message>
        <source>Someone else changed the manifest. Restore it from a backup, or take the files back by hand.</source>
        <translation>清单已被他人更改。请从备份恢复它，或手动撤回这些文件。</translation>
    </message>
</context>
<context>
    <name>VerifyPage</name>
    <message>
        <source>What really loads</source>
        <translation>实际加载的内容</translation>
    </message>
    <message>
        <source>A fresh process, started as your next program would be, loaded every cuDNN library from the toolkit.</source>
        <translation>一个像您接下来启动的程序那样启动的新进程，已从工具包加载了每个 cuDNN 库。</translation>
    </message>
    <message>
        <source>Libraries and the files that loaded</source>
        <translation>库及实际加载的文件</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>库</translation>
    </message>
    <message>
        <source>Loaded from</source>
        <translation>加载自</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>The check did not run (%1).</source>
        <translation>检查未运行（%1）。</translation>
    </message>
    <message>
        <source>nothing was installed</source>
        <translation>未安装任何内容</translation>
    </message>
    <message>
        <source>found via %1</source>
        <translation>通过 %1 找到</translation>
    </message>
    <message>
        <source>cuDNN library %1 · header %2 · built for CUDA runtime %3</source>
        <translation>cuDNN 库 %1 · 头文件 %2 · 为 CUDA 运行时 %3 构建</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Every library loads from the toolkit.</source>
        <translation>每个库都从工具包加载。</translation>
    </message>
    <message>
        <source>cuDNN does not load as it should; see the findings below.</source>
        <translation>cuDNN 未能正常加载；请查看下方的检查结果。</translation>
    </message>
    <message>
        <source>Checking what loads from %1…</source>
        <translation>正在检查从 %1 加载的内容…</translation>
    </message>
    <message>
        <source>A new program does not get the installed cuDNN; see the findings below.</source>
        <translation>新程序得到的不是已安装的 cuDNN；请查看下方的检查结果。</translation>
    </message>
    <message>
        <source>A new program that loads %1 by name gets %2, not the installed copy.</source>
        <translation>按名称加载 %1 的新程序得到的是 %2，而不是已安装的副本。</translation>
    </message>
    <message>
        <source>no copy at all</source>
        <translation>任何副本都没有</translation>
    </message>
    <message>
        <source>A new program that loads %1 by name gets the installed copy.</source>
        <translation>按名称加载 %1 的新程序得到的是已安装的副本。</translation>
    </message>
</context>
<context>
    <name>VerifyResult</name>
    <message>
        <source>cuDNN could not be loaded (%1): %2</source>
        <translation>无法加载 cuDNN（%1）：%2</translation>
    </message>
    <message>
        <source>Install cuDNN into this CUDA toolkit, or put the folder that holds it on the library search path (PATH on Windows, LD_LIBRARY_PATH or ldconfig on Linux).</source>
        <translation>请将 cuDNN 安装到此 CUDA 工具包中，或将存放它的文件夹加入库搜索路径（Windows 上为 PATH，Linux 上为 LD_LIBRARY_PATH 或 ldconfig）。</translation>
    </message>
    <message>
        <source>%1 is not a working cuDNN library: %2.</source>
        <translation>%1 不是可用的 cuDNN 库：%2。</translation>
    </message>
    <message>
        <source>Replace it with the library from the cuDNN package.</source>
        <translation>请用 cuDNN 安装包中的库替换它。</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <source>Update cudnn-setup to check this cuDNN version completely.</source>
        <translation>请更新 cudnn-setup，以便完整检查此 cuDNN 版本。</translation>
    </message>
    <message>
        <source>%1 is an empty file (0 bytes).</source>
        <translation>%1 是空文件（0 字节）。</translation>
    </message>
    <message>
        <source>Copy it again from the cuDNN package (Repair restores it). A virus scanner, a full disk or an interrupted copy leaves such files behind.</source>
        <translation>请从 cuDNN 安装包中重新复制它（修复功能可将其还原）。病毒扫描程序、磁盘已满或复制中断都会留下这样的文件。</translation>
    </message>
    <message>
        <source>The cuDNN sub-library %1 could not be loaded: %2</source>
        <translation>无法加载 cuDNN 子库 %1：%2</translation>
    </message>
    <message>
        <source>Copy every cuDNN library of the package (all cudnn* files, not only the main one) into the same folder, and install what the findings below name as missing.</source>
        <translation>请将安装包中的每个 cuDNN 库（所有 cudnn* 文件，而不只是主库）复制到同一个文件夹中，并安装下方检查结果中列为缺失的内容。</translation>
    </message>
    <message>
        <source>Install zlibwapi.dll (the ZLIB DLL, x64, that NVIDIA&apos;s cuDNN 8 install guide links to) into a folder on PATH, such as the CUDA toolkit&apos;s bin folder.</source>
        <translation>请将 zlibwapi.dll（NVIDIA cuDNN 8 安装指南所链接的 x64 版 ZLIB DLL）安装到 PATH 上的某个文件夹中，例如 CUDA 工具包的 bin 文件夹。</translation>
    </message>
    <message>
        <source>Install the Microsoft Visual C++ 2015-2022 Redistributable (x64).</source>
        <translation>请安装 Microsoft Visual C++ 2015-2022 Redistributable (x64)。</translation>
    </message>
    <message>
        <source>Install zlib (Debian/Ubuntu: apt-get install zlib1g; Fedora/RHEL: dnf install zlib).</source>
        <translation>请安装 zlib（Debian/Ubuntu：apt-get install zlib1g；Fedora/RHEL：dnf install zlib）。</translation>
    </message>
    <message>
        <source>Install the CUDA toolkit this cuDNN was built for, or put the folder that holds %1 on the library search path.</source>
        <translation>请安装此 cuDNN 构建时所针对的 CUDA 工具包，或将存放 %1 的文件夹加入库搜索路径。</translation>
    </message>
    <message>
        <source>Put the folder that holds %1 on the library search path, or install the package that provides it.</source>
        <translation>请将存放 %1 的文件夹加入库搜索路径，或安装提供它的软件包。</translation>
    </message>
    <message>
        <source>%1 is missing: %2.</source>
        <translation>缺少 %1：%2。</translation>
    </message>
    <message>
        <source>%1 cannot be used: %2.</source>
        <translation>无法使用 %1：%2。</translation>
    </message>
    <message>
        <source>cuDNN is loaded from more than one folder: %1.</source>
        <translation>cuDNN 是从多个文件夹加载的：%1。</translation>
    </message>
    <message>
        <source>Remove or update the stray copy %1 (a folder earlier on the search path wins); every cuDNN library must come from one package in one folder.</source>
        <translation>请移除或更新多余的副本 %1（搜索路径中靠前的文件夹会优先）；所有 cuDNN 库都必须来自同一个安装包、位于同一个文件夹。</translation>
    </message>
    <message>
        <source>cuDNN libraries of different versions are loaded together: %1.</source>
        <translation>同时加载了不同版本的 cuDNN 库：%1。</translation>
    </message>
    <message>
        <source>Replace %1 with the file from the same cuDNN package as the main library (CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH, WinError 127).</source>
        <translation>请用与主库来自同一个 cuDNN 安装包的文件替换 %1（CUDNN_STATUS_SUBLIBRARY_VERSION_MISMATCH，WinError 127）。</translation>
    </message>
    <message>
        <source>The version of %1 does not match what it reports: %2.</source>
        <translation>%1 的版本与它自身报告的不一致：%2。</translation>
    </message>
    <message>
        <source>Reinstall cuDNN from one package.</source>
        <translation>请从同一个安装包重新安装 cuDNN。</translation>
    </message>
    <message>
        <source>The cuDNN header and library disagree: %1.</source>
        <translation>cuDNN 头文件与库不一致：%1。</translation>
    </message>
    <message>
        <source>Install the header and the libraries from the same cuDNN package; programs built against this header expect another library.</source>
        <translation>请从同一个 cuDNN 安装包安装头文件和库；按此头文件构建的程序需要的是另一个库。</translation>
    </message>
    <message>
        <source>No cuDNN version could be read from %1: %2.</source>
        <translation>无法从 %1 读取 cuDNN 版本：%2。</translation>
    </message>
    <message>
        <source>Copy cudnn_version.h from the cuDNN package into the toolkit&apos;s include folder.</source>
        <translation>请将 cuDNN 安装包中的 cudnn_version.h 复制到工具包的 include 文件夹中。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>cuDNN %1: all %n libraries load from %2.</source>
        <translation>
            <numerusform>cuDNN %1：全部 %n 个库均从 %2 加载。</numerusform>
        </translation>
    </message>
    <message>
        <source>cuDNN could not be verified: %1</source>
        <translation>无法验证 cuDNN：%1</translation>
    </message>
    <message>
        <source>Run cudnn-probe verify by hand to see what happens; reinstall cudnn-setup if cudnn-probe is missing.</source>
        <translation>请手动运行 cudnn-probe verify 查看具体情况；如果缺少 cudnn-probe，请重新安装 cudnn-setup。</translation>
    </message>
    <message>
        <source>A new program that loads %1 by name gets this copy too.</source>
        <translation>按名称加载 %1 的新程序得到的也是这个副本。</translation>
    </message>
    <message>
        <source>A new program that loads %1 by name gets no copy at all (%2), not the installed %3.</source>
        <translation>按名称加载 %1 的新程序找不到任何副本（%2），而不是得到已安装的 %3。</translation>
    </message>
    <message>
        <source>A new program that loads %1 by name gets %2%3, not the installed %4.</source>
        <translation>按名称加载 %1 的新程序得到的是 %2%3，而不是已安装的 %4。</translation>
    </message>
    <message>
        <source> (cuDNN %1)</source>
        <translation>（cuDNN %1）</translation>
    </message>
    <message>
        <source>Put the toolkit&apos;s library folder first for new programs: rebuild the loader cache as root (ldconfig) or add the folder to the search path in your login profile; a repair does what this user may. Programs that keep their own copy are not affected.</source>
        <translation>让新程序优先使用工具包的库文件夹：以 root 身份重建加载器缓存（ldconfig），或在登录配置文件中把该文件夹加入搜索路径；修复会完成当前用户有权限做的部分。自带副本的程序不受影响。</translation>
    </message>
    <message>
        <source>Put the toolkit&apos;s bin folder first on the user or machine Path; a repair does what this user may. Programs that keep their own copy are not affected.</source>
        <translation>请把工具包的 bin 文件夹放到用户或整机 Path 的最前面；修复会做当前用户有权做的部分。自带副本的程序不受影响。</translation>
    </message>
    <message>
        <source>The search path was left as it was, as asked: programs that name the toolkit&apos;s folder (their RPATH, or their own %1) get the installed copy.</source>
        <translation>已按要求保持搜索路径不变：指明工具包文件夹的程序（通过其 RPATH 或它们自己的 %1）会得到刚安装的这份。</translation>
    </message>
    <message>
        <source>To make it the copy new programs get, let a repair put the toolkit&apos;s bin folder first on the user or machine Path.</source>
        <translation>若要让新程序得到这份，请让修复把工具包的 bin 文件夹放到用户或计算机 Path 的最前面。</translation>
    </message>
    <message>
        <source>To make it the copy new programs get, let a repair put the toolkit&apos;s library folder first on the search path, or rebuild the loader cache as root.</source>
        <translation>若要让新程序得到这份，请让修复把工具包的库文件夹放到搜索路径的最前面，或以 root 身份重建加载器缓存。</translation>
    </message>
    <message>
        <source>These cuDNN files are empty (0 bytes).</source>
        <translation>这些 cuDNN 文件是空的（0 字节）。</translation>
    </message>
    <message>
        <source>These cuDNN sub-libraries could not be loaded: %1</source>
        <translation>这些 cuDNN 子库无法加载：%1</translation>
    </message>
</context>
<context>
    <name>VerifyRunner</name>
    <message>
        <source>cudnn-probe was not found at %1.</source>
        <translation>在 %1 未找到 cudnn-probe。</translation>
    </message>
    <message>
        <source>loading cuDNN did not finish within %1 seconds.</source>
        <translation>加载 cuDNN 未在 %1 秒内完成。</translation>
    </message>
    <message>
        <source>cudnn-probe ended with exit code %1 while loading cuDNN: %2</source>
        <translation>cudnn-probe 在加载 cuDNN 时以退出码 %1 结束：%2</translation>
    </message>
    <message>
        <source>cuDNN was not loaded with administrator rights, since others can change its libraries (%1); verify it without administrator rights.</source>
        <translation>未以管理员权限加载 cuDNN，因为其库可被他人更改（%1）；请不使用管理员权限进行验证。</translation>
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
        <translation>向导会检查您的驱动、GPU 和 CUDA 工具包，确认 cuDNN 压缩包与它们匹配，通过一个可撤销的步骤复制其中的文件，最后在您的 GPU 上运行一次卷积。在您确认安装计划之前，不会做任何更改。</translation>
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
    <message>
        <source>Looking for PyTorch, TensorFlow, ONNX Runtime, JAX, PaddlePaddle and other programs that use cuDNN in your Python environments…</source>
        <translation>正在 Python 环境中查找 PyTorch、TensorFlow、ONNX Runtime、JAX、飞桨（PaddlePaddle）以及其他使用 cuDNN 的程序…</translation>
    </message>
    <message numerus="yes">
        <source>Repair lists all %n problems found with cuDNN and fixes what it can.</source>
        <translation>
            <numerusform>“修复”会列出发现的全部 %n 个 cuDNN 问题，并修复能修复的部分。</numerusform>
        </translation>
    </message>
    <message>
        <source>Repair shows it with its fix and fixes what it can.</source>
        <translation>“修复”会列出它及其解决方法，并修复能修复的部分。</translation>
    </message>
</context>
<context>
    <name>WindowsEnvironmentAnalysis</name>
    <message>
        <source>%1 cannot be read (%2), so it is left alone.</source>
        <translation>无法读取 %1（%2），因此不做改动。</translation>
    </message>
    <message>
        <source>Check the value with regedit; cudnn-setup never writes over a value it cannot read.</source>
        <translation>请用 regedit 检查该值；cudnn-setup 绝不会覆盖它无法读取的值。</translation>
    </message>
    <message>
        <source>%1 would be %2 characters long, past Windows&apos; limit of %3; it is left as it is.</source>
        <translation>%1 将长达 %2 个字符，超过 Windows 的 %3 个字符上限；因此保持不变。</translation>
    </message>
    <message>
        <source>Remove entries that are no longer needed, then run the fix again.</source>
        <translation>请删除不再需要的条目，然后重新运行修正。</translation>
    </message>
    <message>
        <source>The PATH a new program gets would be %1 characters long; cmd.exe drops a PATH longer than %2, and every command in it then fails.</source>
        <translation>新启动的程序得到的 PATH 将长达 %1 个字符；cmd.exe 会丢弃长度超过 %2 的 PATH，此后在其中运行的每条命令都会失败。</translation>
    </message>
    <message>
        <source>Remove entries that are no longer needed from the machine or user PATH.</source>
        <translation>请从系统或用户 PATH 中删除不再需要的条目。</translation>
    </message>
    <message>
        <source>Your user variable %1 (%2) overrides the machine value for your account.</source>
        <translation>您的用户变量 %1（%2）会覆盖您账户下的系统变量值。</translation>
    </message>
    <message>
        <source>Run the user-scope fix without administrator rights, or delete the user variable.</source>
        <translation>请在不使用管理员权限的情况下运行用户范围的修正，或删除该用户变量。</translation>
    </message>
    <message>
        <source>Python 3.8 and later ignore PATH when loading the DLLs of extension modules, and pip-installed PyTorch loads the cuDNN in its own torch\lib folder: neither is changed by this. PATH matters to programs that load cuDNN by name: C++ programs, ONNX Runtime&apos;s C API, OpenCV.</source>
        <translation>Python 3.8 及更高版本在加载扩展模块的 DLL 时会忽略 PATH，而用 pip 安装的 PyTorch 会加载其自带 torch\lib 文件夹中的 cuDNN：这两者都不受此更改影响。PATH 影响的是按名称加载 cuDNN 的程序：C++ 程序、ONNX Runtime 的 C API、OpenCV。</translation>
    </message>
    <message>
        <source>Some stale copies sit in the machine PATH or in System32, which a user PATH change cannot beat: run the machine-scope fix as administrator.</source>
        <translation>系统 PATH 或 System32 中有一些过时的副本，修改用户 PATH 无法压过它们：请以管理员身份运行系统范围的修正。</translation>
    </message>
</context>
<context>
    <name>WizardRemedy</name>
    <message>
        <source>Start this wizard again, choose Install, give it the package and install into %1.</source>
        <translation>请重新启动本向导，选择安装，给出安装包并安装到 %1。</translation>
    </message>
    <message>
        <source>Start this wizard again, choose Install and give it the package.</source>
        <translation>请重新启动本向导，选择安装，并给出安装包。</translation>
    </message>
    <message>
        <source>Start this wizard again as root.</source>
        <translation>请以 root 身份重新启动本向导。</translation>
    </message>
    <message>
        <source>Start this wizard again as an administrator.</source>
        <translation>请以管理员身份重新启动本向导。</translation>
    </message>
    <message>
        <source>Start this wizard again and choose Repair.</source>
        <translation>请重新启动本向导并选择修复。</translation>
    </message>
    <message>
        <source>Or download the archive with a web browser and choose it with Archive….</source>
        <translation>或者用网页浏览器下载压缩包，再用“压缩包…”选择它。</translation>
    </message>
    <message>
        <source>Go back to the cuDNN package page and choose a package and a toolkit.</source>
        <translation>请返回“cuDNN 安装包”页面，选择一个安装包和一个工具包。</translation>
    </message>
    <message>
        <source>Enter that folder, or the address of one of those files, under Download from.</source>
        <translation>请在“下载来源”中填写该文件夹，或其中一个文件的地址。</translation>
    </message>
    <message>
        <source>Enter a mirror…</source>
        <translation>填写镜像…</translation>
    </message>
    <message>
        <source>Enter a mirror&apos;s address or a shared folder under Download from.</source>
        <translation>请在“下载来源”中填写镜像地址或共享文件夹。</translation>
    </message>
    <message>
        <source>Elevate…</source>
        <translation>提升权限…</translation>
    </message>
    <message>
        <source>Choose the toolkit…</source>
        <translation>选择工具包…</translation>
    </message>
    <message>
        <source>Choose the toolkit on the cuDNN package page.</source>
        <translation>请在“cuDNN 安装包”页面选择工具包。</translation>
    </message>
    <message>
        <source>Choose the archive on the cuDNN package page.</source>
        <translation>请在“cuDNN 安装包”页面选择压缩包。</translation>
    </message>
    <message>
        <source>Choose the archive %1 on the cuDNN package page.</source>
        <translation>请在“cuDNN 安装包”页面选择压缩包 %1。</translation>
    </message>
    <message>
        <source>Choose an archive…</source>
        <translation>选择压缩包…</translation>
    </message>
    <message>
        <source>In that environment, run: pip install &quot;%1&quot;</source>
        <translation>在该环境中运行：pip install &quot;%1&quot;</translation>
    </message>
    <message>
        <source>In the program, before the import, add: os.add_dll_directory(r&quot;%1&quot;)</source>
        <translation>在程序中 import 之前加上：os.add_dll_directory(r&quot;%1&quot;)</translation>
    </message>
</context>
</TS>
