<#
.SYNOPSIS
    Detection rule for a cuDNN deployed with Deploy-Cudnn.ps1 (Intune custom detection script, Configuration
    Manager script detection method).

.DESCRIPTION
    Reads the JSON report cudnn-setup wrote (docs/report.md) and says "installed" only when all of this holds:
      - the report is schema 1 or 2 (2 groups findings by cause; nothing read here changed), of an install (command "install"), that succeeded ("ok", or "unchanged": the
        files were already there);
      - it installed the cuDNN version below (or any version when $ExpectedCudnnVersion is empty);
      - every file the install put in place is still there (and, with $VerifyHashes, still has the SHA-256 the
        report recorded). A toolkit removed or repaired by hand since is then "not installed", and the
        deployment tool runs the install again.
    Detected: exit 0 with one line on stdout. Not detected: exit 0 with nothing on stdout, as both tools expect;
    the reason goes to stderr for someone running it by hand. An uninstall (-Uninstall) rewrites the report with
    status "uninstalled", which is "not installed".

    Detection scripts take no parameters in Intune: edit the three settings below for each app version.
#>

# ---- Settings ----
$ExpectedCudnnVersion = '9.19.0'    # "9.19.0", or "9.19" for any 9.19.x, or '' for any version
$ReportPath = Join-Path $env:ProgramData 'cudnn-setup\report.json'
$VerifyHashes = $false              # $true hashes every file (about 1 GB for cuDNN 9): thorough but slow

Set-StrictMode -Version 3.0
$ErrorActionPreference = 'Stop'

function Test-Installed {
    if (-not (Test-Path -LiteralPath $ReportPath -PathType Leaf)) { return "no report at $ReportPath" }
    try {
        $report = Get-Content -LiteralPath $ReportPath -Raw -Encoding UTF8 | ConvertFrom-Json
    } catch {
        return "the report $ReportPath is not readable JSON"
    }
    $names = @($report.PSObject.Properties.Name)
    if ($names -notcontains 'schema' -or @(1, 2) -notcontains $report.schema) { return 'not a schema 1 or 2 report' }
    if ($report.command -ne 'install') { return "the last command was '$($report.command)', not an install" }
    if (@('ok', 'unchanged') -notcontains $report.status) { return "the last install ended '$($report.status)'" }

    $version = ''
    if ($names -contains 'package' -and $report.package.PSObject.Properties.Name -contains 'cudnn_version') {
        $version = [string] $report.package.cudnn_version
    }
    if ($ExpectedCudnnVersion -and $version -ne $ExpectedCudnnVersion -and
        -not $version.StartsWith($ExpectedCudnnVersion + '.')) {
        return "cuDNN $version is installed, not $ExpectedCudnnVersion"
    }

    $files = @()
    if ($names -contains 'files') { $files = @($report.files | Where-Object { $_.action -ne 'removed' }) }
    if ($files.Count -eq 0) { return 'the report lists no installed files' }
    foreach ($file in $files) {
        if (-not (Test-Path -LiteralPath $file.path)) { return "missing since the install: $($file.path)" }
        if ($VerifyHashes -and $file.sha256) {
            $hash = (Get-FileHash -LiteralPath $file.path -Algorithm SHA256).Hash
            if ($hash -ne $file.sha256) { return "changed since the install: $($file.path)" }
        }
    }
    $root = ''
    if ($names -contains 'toolkit' -and $report.toolkit) { $root = $report.toolkit.root }
    return [pscustomobject]@{ Version = $version; Root = $root; Files = $files.Count }
}

$result = Test-Installed
if ($result -is [string]) {
    [Console]::Error.WriteLine("cuDNN not detected: $result")
    exit 0
}
Write-Output ("cuDNN {0} installed in {1} ({2} files, report {3})" -f $result.Version, $result.Root, $result.Files,
    $ReportPath)
exit 0
