#pragma once

#include <QString>
#include <QTextStream>

class Report;

/** The report a command writes where --report names it. */
namespace ReportFile {

/** Writes report to path (nothing when path is empty); false, with the reason said on err, when it cannot. */
bool write(const Report& report, const QString& path, QTextStream& err);

} // namespace ReportFile
