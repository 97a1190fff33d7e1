#include "ReportFile.h"

#include "report/Report.h"

#include <QCoreApplication>

namespace ReportFile {

bool write(const Report& report, const QString& path, QTextStream& err)
{
    if (path.isEmpty())
        return true;
    QString error;
    if (report.writeTo(path, &error))
        return true;
    err << QCoreApplication::translate("ConsoleRunner", "cudnn-setup: cannot write the report to %1: %2\n")
               .arg(path, error);
    err.flush();
    return false;
}

} // namespace ReportFile
