<#
.SYNOPSIS
    Installs NVIDIA cuDNN with cudnn-setup --silent, for Intune (Win32 app), Configuration Manager or a GPO
    startup script. Writes the JSON report and a log, and returns an exit code deployment tools understand.

.DESCRIPTION
    Runs  cudnn-setup.exe --silent --package <archive> --report <report> --log <log> --path-scope machine
    as the account the deployment tool uses (SYSTEM for Intune and Configuration Manager: the toolkit lives under
    Program Files, and the machine PATH needs an administrator). The report is the record of what happened
    (docs/report.md); Detect-Cudnn.ps1 reads it back as the detection rule.

    Exit code: cudnn-setup's own (README, "Exit codes"), so the portal shows which failure it was, except where a
    later attempt can succeed by itself; those become 1618, which Intune and Configuration Manager retry:
        0     success (installed, or already there: nothing to do)
        1618  retry later: another install holds the toolkit's lock (1 with INSTALL-LOCKED), files were in use
              and the install was rolled back (5), or a download failed (9)
        1..9  failure, as cudnn-setup documents it (4 = needs elevation: deploy in the System context)
        20    cudnn-setup.exe was not found
        21    cudnn-setup ran but wrote no readable report
    No code asks for a reboot (3010/1641): a new process sees the new PATH; running programs must be restarted.

.PARAMETER Package
    The cuDNN archive (.zip as NVIDIA ships it) or a folder of archives (cudnn-setup picks the one that fits).
    Default: the folder this script is in (an Intune package carries the archive beside the script).
.PARAMETER CudnnSetup
    cudnn-setup.exe. Default: .\cudnn-setup\bin\cudnn-setup.exe beside this script (the portable ZIP unpacked
    into the package), else %ProgramFiles%\cudnn-setup\bin\cudnn-setup.exe, else
    %ProgramFiles%\cudnn-setup\cudnn-setup.exe (where the MSI and the NSIS installer put it).
.PARAMETER CudaRoot
    The CUDA toolkit to install into. Default: the one the archive fits (exit 7 when several fit equally).
.PARAMETER PathScope
    machine (default: every user's PATH), user (the account running this script) or none.
.PARAMETER Uninstall
    Take the install back instead (cudnn-setup --silent --uninstall).
.PARAMETER Benchmark
    Run the convolution benchmark after installing.
.PARAMETER ReportPath
    Default: %ProgramData%\cudnn-setup\report.json (Detect-Cudnn.ps1 reads it there).
.PARAMETER LogPath
    Default: %ProgramData%\cudnn-setup\deploy.log: this script's lines and cudnn-setup's own log, appended.
.PARAMETER CollectTo
    A folder (usually a share, \\server\cudnn-reports) to copy the report to as <COMPUTERNAME>.json, so an admin
    can summarise the fleet's reports in one place (docs/deploying.md). Failing to copy does not fail the deployment.

.EXAMPLE
    powershell.exe -NoProfile -ExecutionPolicy Bypass -File .\Deploy-Cudnn.ps1
    (the Intune install command; the uninstall command adds -Uninstall). A 32-bit PowerShell, which a 32-bit
    agent may start, works too: cudnn-setup.exe is 64-bit and does the work.
.EXAMPLE
    .\Deploy-Cudnn.ps1 -Package \\fileserver\cudnn\cudnn-windows-x86_64-9.19.0.56_cuda13-archive.zip -CudaRoot 'C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v13.0'
#>
[CmdletBinding()]
param(
    [string] $Package = $PSScriptRoot,
    [string] $CudnnSetup = '',
    [string] $CudaRoot = '',
    [ValidateSet('machine', 'user', 'none')]
    [string] $PathScope = 'machine',
    [switch] $Uninstall,
    [switch] $Benchmark,
    [string] $ReportPath = (Join-Path $env:ProgramData 'cudnn-setup\report.json'),
    [string] $LogPath = (Join-Path $env:ProgramData 'cudnn-setup\deploy.log'),
    [string] $CollectTo = ''
)

Set-StrictMode -Version 3.0
$ErrorActionPreference = 'Stop'

# What each exit code of cudnn-setup --silent means (core/engine/ExitCode.h); append, never renumber.
$ExitMeanings = @{
    0 = 'done, or nothing needed doing'
    1 = 'unexpected failure; nothing was changed'
    2 = 'usage error: the command line is wrong'
    3 = 'package rejected (damaged, unsafe, or does not fit this machine); nothing was changed'
    4 = 'needs elevation: the target is not writable by this account; nothing was changed'
    5 = 'the install failed or was cancelled and was rolled back'
    6 = 'installed, but verification failed (cuDNN does not load or work)'
    7 = 'a choice is needed: several toolkits fit equally; pass -CudaRoot'
    8 = 'nothing found: no CUDA toolkit, or no cuDNN archive at the given path'
    9 = 'download failed; nothing was changed'
}
$RetryLater = 1618          # ERROR_INSTALL_ALREADY_RUNNING: Intune's and Configuration Manager's "retry"
$NoCudnnSetup = 20
$NoReport = 21

function Write-Log([string] $Message) {
    $line = '{0:yyyy-MM-dd HH:mm:ss} {1}' -f (Get-Date), $Message
    Write-Output $line
    Add-Content -LiteralPath $LogPath -Value $line -Encoding UTF8
}

# One argument quoted the way CommandLineToArgvW and the MSVC runtime split it back (Windows PowerShell 5.1 has
# no ArgumentList that does this): quotes around anything with a space or a quote, backslashes before a quote
# doubled, and trailing backslashes doubled before the closing quote.
function ConvertTo-Argument([string] $Value) {
    if ($Value -ne '' -and $Value -notmatch '[\s"]') { return $Value }
    $escaped = [regex]::Replace($Value, '(\\*)"', { param($m) $m.Groups[1].Value * 2 + '\"' })
    $escaped = [regex]::Replace($escaped, '(\\+)$', { param($m) $m.Groups[1].Value * 2 })
    return '"' + $escaped + '"'
}

# The deployment result of one run: the exit code to return and why. Pure: decided from cudnn-setup's exit code
# and the diagnostic codes of its report.
function Get-DeploymentResult([int] $ExitCode, [string[]] $DiagnosticCodes) {
    $meaning = $ExitMeanings[$ExitCode]
    if (-not $meaning) { $meaning = 'an exit code this script does not know' }
    if ($ExitCode -eq 0) {
        return [pscustomobject]@{ ExitCode = 0; Result = 'Success'; Reason = $meaning }
    }
    $transient = ($ExitCode -eq 1 -and $DiagnosticCodes -contains 'INSTALL-LOCKED') -or $ExitCode -eq 5 -or $ExitCode -eq 9
    if ($transient) {
        return [pscustomobject]@{ ExitCode = $RetryLater; Result = 'Retry'; Reason = "$ExitCode, $meaning" }
    }
    return [pscustomobject]@{ ExitCode = $ExitCode; Result = 'Failed'; Reason = "$ExitCode, $meaning" }
}

function Find-CudnnSetup {
    $candidates = @()
    if ($CudnnSetup) { $candidates += $CudnnSetup }
    $candidates += (Join-Path $PSScriptRoot 'cudnn-setup\bin\cudnn-setup.exe')
    # The 64-bit Program Files even when a 32-bit host (Intune's agent) started a 32-bit PowerShell.
    $programFiles = if ($env:ProgramW6432) { $env:ProgramW6432 } else { $env:ProgramFiles }
    $candidates += (Join-Path $programFiles 'cudnn-setup\bin\cudnn-setup.exe')
    $candidates += (Join-Path $programFiles 'cudnn-setup\cudnn-setup.exe') # the MSI's (and NSIS's) place
    foreach ($candidate in $candidates) {
        if (Test-Path -LiteralPath $candidate -PathType Leaf) { return (Resolve-Path -LiteralPath $candidate).Path }
    }
    return $null
}

New-Item -ItemType Directory -Force -Path (Split-Path -Parent $ReportPath), (Split-Path -Parent $LogPath) | Out-Null
$who = [System.Security.Principal.WindowsIdentity]::GetCurrent().Name
Write-Log "Deploy-Cudnn.ps1 on $env:COMPUTERNAME as $who"

$exe = Find-CudnnSetup
if (-not $exe) {
    Write-Log "FAILED ($NoCudnnSetup): cudnn-setup.exe not found (give -CudnnSetup, or install cudnn-setup first)"
    exit $NoCudnnSetup
}

$arguments = @('--silent', '--lang', 'en', '--report', $ReportPath, '--log', $LogPath)
if ($Uninstall) {
    $arguments += '--uninstall'
} else {
    $arguments += @('--package', $Package, '--path-scope', $PathScope)
    if ($Benchmark) { $arguments += '--benchmark' } else { $arguments += '--no-benchmark' }
}
if ($CudaRoot) { $arguments += @('--cuda-root', $CudaRoot) }
$commandLine = ($arguments | ForEach-Object { ConvertTo-Argument $_ }) -join ' '

# A stale report must not pass for this run's.
Remove-Item -LiteralPath $ReportPath -Force -ErrorAction SilentlyContinue
Write-Log "running: $(ConvertTo-Argument $exe) $commandLine"

$start = New-Object System.Diagnostics.ProcessStartInfo
$start.FileName = $exe
$start.Arguments = $commandLine
$start.UseShellExecute = $false
$start.CreateNoWindow = $true
$start.RedirectStandardOutput = $true
$start.RedirectStandardError = $true
$process = [System.Diagnostics.Process]::Start($start)
$stderrTask = $process.StandardError.ReadToEndAsync() # both pipes drained at once: neither can fill and block
$stdout = $process.StandardOutput.ReadToEnd()
$process.WaitForExit()
$stderr = $stderrTask.Result
$code = $process.ExitCode
foreach ($line in ($stdout + $stderr) -split "`r?`n") {
    if ($line.Trim()) { Write-Log "  | $line" }
}

$codes = @()
$status = ''
if (Test-Path -LiteralPath $ReportPath -PathType Leaf) {
    try {
        $report = Get-Content -LiteralPath $ReportPath -Raw -Encoding UTF8 | ConvertFrom-Json
        $status = $report.status
        $codes = @($report.diagnostics | ForEach-Object { $_.code })
        foreach ($d in @($report.diagnostics | Where-Object { $_.severity -ne 'info' })) {
            Write-Log "  $($d.severity) $($d.code): $($d.message)"
            if ($d.fix) { Write-Log "    fix: $($d.fix)" }
        }
    } catch {
        Write-Log "the report $ReportPath is not readable JSON: $($_.Exception.Message)"
    }
}
if (-not $status -and $code -ne 2) {
    Write-Log "FAILED ($NoReport): cudnn-setup exited $code and wrote no readable report to $ReportPath"
    exit $NoReport
}

if ($CollectTo -and (Test-Path -LiteralPath $ReportPath -PathType Leaf)) {
    $copy = Join-Path $CollectTo "$env:COMPUTERNAME.json"
    try {
        Copy-Item -LiteralPath $ReportPath -Destination $copy -Force
        Write-Log "report copied to $copy"
    } catch {
        Write-Log "could not copy the report to ${copy}: $($_.Exception.Message)"
    }
}

$result = Get-DeploymentResult -ExitCode $code -DiagnosticCodes $codes
Write-Log ("{0} (exit {1}): cudnn-setup exited {2}, status '{3}': {4}" -f `
        $result.Result.ToUpper(), $result.ExitCode, $code, $status, $result.Reason)
if ($code -eq 4) {
    Write-Log '  deploy in the System context (Intune: Install behavior = System), or run as an administrator'
}
exit $result.ExitCode
