<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<!-- English is the source language; this file holds only the singular and plural forms of the %n strings
     (Qt's "plural-only" English translation). Add an entry here for each new %n string whose noun changes. -->
<TS version="2.1" language="en">
<context>
    <name>FinishPage</name>
    <message numerus="yes">
        <source>Repaired: %n fixes applied.</source>
        <translation>
            <numerusform>Repaired: %n fix applied.</numerusform>
            <numerusform>Repaired: %n fixes applied.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MachineVerdict</name>
    <message numerus="yes">
        <source>%n frameworks will not load a cuDNN that fits them.</source>
        <translation>
            <numerusform>%n framework will not load a cuDNN that fits it.</numerusform>
            <numerusform>%n frameworks will not load a cuDNN that fits them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>For %n frameworks it is not known which cuDNN they will load.</source>
        <translation>
            <numerusform>For %n framework it is not known which cuDNN it will load.</numerusform>
            <numerusform>For %n frameworks it is not known which cuDNN they will load.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Each of the %n frameworks found will load a cuDNN that fits it.</source>
        <translation>
            <numerusform>The framework found will load a cuDNN that fits it.</numerusform>
            <numerusform>Each of the %n frameworks found will load a cuDNN that fits it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>InstallPage</name>
    <message numerus="yes">
        <source>&lt;b&gt;Installed&lt;/b&gt; into %1: %n files and links.</source>
        <translation>
            <numerusform>&lt;b&gt;Installed&lt;/b&gt; into %1: %n file.</numerusform>
            <numerusform>&lt;b&gt;Installed&lt;/b&gt; into %1: %n files and links.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Deployed&lt;/b&gt; into %1: %n files and links.</source>
        <translation>
            <numerusform>&lt;b&gt;Deployed&lt;/b&gt; into %1: %n file.</numerusform>
            <numerusform>&lt;b&gt;Deployed&lt;/b&gt; into %1: %n files and links.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Installed&lt;/b&gt; into %1: %n files.</source>
        <translation>
            <numerusform>&lt;b&gt;Installed&lt;/b&gt; into %1: %n file.</numerusform>
            <numerusform>&lt;b&gt;Installed&lt;/b&gt; into %1: %n files.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Deployed&lt;/b&gt; into %1: %n files.</source>
        <translation>
            <numerusform>&lt;b&gt;Deployed&lt;/b&gt; into %1: %n file.</numerusform>
            <numerusform>&lt;b&gt;Deployed&lt;/b&gt; into %1: %n files.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PlanPage</name>
    <message numerus="yes">
        <source>%n files</source>
        <translation>
            <numerusform>%n file</numerusform>
            <numerusform>%n files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Installs %n files into &lt;b&gt;%1&lt;/b&gt; (%2), %3 to write.</source>
        <translation>
            <numerusform>Installs %n file into &lt;b&gt;%1&lt;/b&gt; (%2), %3 to write.</numerusform>
            <numerusform>Installs %n files into &lt;b&gt;%1&lt;/b&gt; (%2), %3 to write.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepairService</name>
    <message numerus="yes">
        <source>%n fixes applied. They are part of the install they repaired: an uninstall puts back what was there before that install.</source>
        <translation>
            <numerusform>%n fix applied. It is part of the install it repaired: an uninstall puts back what was there before that install.</numerusform>
            <numerusform>%n fixes applied. They are part of the install they repaired: an uninstall puts back what was there before that install.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RepairPage</name>
    <message numerus="yes">
        <source>&lt;b&gt;Repaired&lt;/b&gt;: %n fixes applied. They are now part of the install they repaired: uninstalling it puts back what was there before that install.</source>
        <translation>
            <numerusform>&lt;b&gt;Repaired&lt;/b&gt;: %n fix applied. It is now part of the install it repaired: uninstalling it puts back what was there before that install.</numerusform>
            <numerusform>&lt;b&gt;Repaired&lt;/b&gt;: %n fixes applied. They are now part of the install they repaired: uninstalling it puts back what was there before that install.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Left after the repair: %n problems.</source>
        <translation>
            <numerusform>Left after the repair: %n problem.</numerusform>
            <numerusform>Left after the repair: %n problems.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problems found.</source>
        <translation>
            <numerusform>%n problem found.</numerusform>
            <numerusform>%n problems found.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PackagePage</name>
    <message numerus="yes">
        <source>This package fits %n toolkits equally well; it goes into the one shown. Choose another in the list if you prefer.</source>
        <translation>
            <numerusform>This package fits %n toolkit; it goes into the one shown.</numerusform>
            <numerusform>This package fits %n toolkits equally well; it goes into the one shown. Choose another in the list if you prefer.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DiagnosticList</name>
    <message numerus="yes">
        <source>%1 (and %n more like it)</source>
        <translation>
            <numerusform>%1 (and %n more like it)</numerusform>
            <numerusform>%1 (and %n more like it)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VerifyResult</name>
    <message numerus="yes">
        <source>cuDNN %1: all %n libraries load from %2.</source>
        <translation>
            <numerusform>cuDNN %1: its %n library loads from %2.</numerusform>
            <numerusform>cuDNN %1: all %n libraries load from %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConsoleRunner</name>
    <message numerus="yes">
        <source>Verify: cuDNN %1 and its %n libraries load from the toolkit.
</source>
        <translation>
            <numerusform>Verify: cuDNN %1 and its %n library loads from the toolkit.
</numerusform>
            <numerusform>Verify: cuDNN %1 and its %n libraries load from the toolkit.
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DetectSummary</name>
    <message numerus="yes">
        <source>%n problems found with cuDNN; cudnn-setup --repair lists each with its fix and fixes what it can.</source>
        <translation>
            <numerusform>%n problem found with cuDNN; cudnn-setup --repair shows it with its fix and fixes what it can.</numerusform>
            <numerusform>%n problems found with cuDNN; cudnn-setup --repair lists each with its fix and fixes what it can.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n library files</source>
        <translation>
            <numerusform>%n library file</numerusform>
            <numerusform>%n library files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n copies</source>
        <translation>
            <numerusform>%n copy</numerusform>
            <numerusform>%n copies</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n environments looked at</source>
        <translation>
            <numerusform>%n environment looked at</numerusform>
            <numerusform>%n environments looked at</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>UninstallPage</name>
    <message numerus="yes">
        <source>%n files and links are removed.</source>
        <translation>
            <numerusform>%n file or link is removed.</numerusform>
            <numerusform>%n files and links are removed.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n files are removed.</source>
        <translation>
            <numerusform>%n file is removed.</numerusform>
            <numerusform>%n files are removed.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message numerus="yes">
        <source>Repair lists all %n problems found with cuDNN and fixes what it can.</source>
        <translation>
            <numerusform>Repair lists the %n problem found with cuDNN and fixes what it can.</numerusform>
            <numerusform>Repair lists all %n problems found with cuDNN and fixes what it can.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CauseFinder</name>
    <message numerus="yes">
        <source>The NVIDIA driver %1 loads here (%2), and %n GPU(s) answer.</source>
        <translation>
            <numerusform>The NVIDIA driver %1 loads here (%2), and %n GPU answers.</numerusform>
            <numerusform>The NVIDIA driver %1 loads here (%2), and %n GPUs answer.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExplainCommand</name>
    <message numerus="yes">
        <source>Recognised %n message(s):
</source>
        <translation>
            <numerusform>Recognised %n message:
</numerusform>
            <numerusform>Recognised %n messages:
</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExplainDialog</name>
    <message numerus="yes">
        <source>Recognised %n message(s).</source>
        <translation>
            <numerusform>Recognised %n message.</numerusform>
            <numerusform>Recognised %n messages.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n cause(s) found on this machine, the most likely first:</source>
        <translation>
            <numerusform>%n cause found on this machine:</numerusform>
            <numerusform>%n causes found on this machine, the most likely first:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Recognised %n message(s), but this machine shows no cause of it:</source>
        <translation>
            <numerusform>Recognised %n message, but this machine shows no cause of it:</numerusform>
            <numerusform>Recognised %n messages, but this machine shows no cause of them:</numerusform>
        </translation>
    </message>
</context>
</TS>
