#include "DisplayWidth.h"

#include <QChar>
#include <QList>
#include <algorithm>
#include <iterator>

namespace DisplayWidth {

namespace {

struct Range
{
    char32_t first;
    char32_t last;
};

/** East_Asian_Width W and F (Unicode 15, EastAsianWidth.txt), merged where neighbouring; sorted. */
constexpr Range wideRanges[] = {
    {0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},   {0x23F0, 0x23F0},
    {0x23F3, 0x23F3},   {0x25FD, 0x25FE},   {0x2614, 0x2615},   {0x2648, 0x2653},   {0x267F, 0x267F},
    {0x2693, 0x2693},   {0x26A1, 0x26A1},   {0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5},
    {0x26CE, 0x26CE},   {0x26D4, 0x26D4},   {0x26EA, 0x26EA},   {0x26F2, 0x26F3},   {0x26F5, 0x26F5},
    {0x26FA, 0x26FA},   {0x26FD, 0x26FD},   {0x2705, 0x2705},   {0x270A, 0x270B},   {0x2728, 0x2728},
    {0x274C, 0x274C},   {0x274E, 0x274E},   {0x2753, 0x2755},   {0x2757, 0x2757},   {0x2795, 0x2797},
    {0x27B0, 0x27B0},   {0x27BF, 0x27BF},   {0x2B1B, 0x2B1C},   {0x2B50, 0x2B50},   {0x2B55, 0x2B55},
    {0x2E80, 0x303E},   {0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
    {0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE10, 0xFE19},   {0xFE30, 0xFE6F},
    {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x16FE0, 0x16FE4}, {0x16FF0, 0x16FF1}, {0x17000, 0x18CD5},
    {0x18D00, 0x18D08}, {0x1AFF0, 0x1B2FB}, {0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF}, {0x1F18E, 0x1F18E},
    {0x1F191, 0x1F19A}, {0x1F200, 0x1F202}, {0x1F210, 0x1F23B}, {0x1F240, 0x1F248}, {0x1F250, 0x1F251},
    {0x1F260, 0x1F265}, {0x1F300, 0x1F320}, {0x1F32D, 0x1F335}, {0x1F337, 0x1F37C}, {0x1F37E, 0x1F393},
    {0x1F3A0, 0x1F3CA}, {0x1F3CF, 0x1F3D3}, {0x1F3E0, 0x1F3F0}, {0x1F3F4, 0x1F3F4}, {0x1F3F8, 0x1F43E},
    {0x1F440, 0x1F440}, {0x1F442, 0x1F4FC}, {0x1F4FF, 0x1F53D}, {0x1F54B, 0x1F54E}, {0x1F550, 0x1F567},
    {0x1F57A, 0x1F57A}, {0x1F595, 0x1F596}, {0x1F5A4, 0x1F5A4}, {0x1F5FB, 0x1F64F}, {0x1F680, 0x1F6C5},
    {0x1F6CC, 0x1F6CC}, {0x1F6D0, 0x1F6D2}, {0x1F6D5, 0x1F6D7}, {0x1F6DC, 0x1F6DF}, {0x1F6EB, 0x1F6EC},
    {0x1F6F4, 0x1F6FC}, {0x1F7E0, 0x1F7EB}, {0x1F7F0, 0x1F7F0}, {0x1F90C, 0x1F93A}, {0x1F93C, 0x1F945},
    {0x1F947, 0x1F9FF}, {0x1FA70, 0x1FAFF}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

bool isWide(char32_t codePoint)
{
    const auto after
        = std::upper_bound(std::begin(wideRanges), std::end(wideRanges), codePoint, [](char32_t c, const Range& r) {
              return c < r.first;
          });
    return after != std::begin(wideRanges) && codePoint <= std::prev(after)->last;
}

bool takesNoColumn(char32_t codePoint)
{
    // Hangul medial vowels and final consonants join the syllable before them; U+200B..U+200F are zero width.
    if ((codePoint >= 0x1160 && codePoint <= 0x11FF) || (codePoint >= 0x200B && codePoint <= 0x200F))
        return true;
    switch (QChar::category(codePoint)) {
    case QChar::Mark_NonSpacing:
    case QChar::Mark_Enclosing:
    case QChar::Other_Format:
    case QChar::Other_Control:
        return true;
    default:
        return false;
    }
}

/** One character as the terminal draws it (a code point with the combining marks after it) and its columns. */
struct Cell
{
    QString text;
    int columns;
};

QList<Cell> cellsOf(QStringView text)
{
    QList<Cell> cells;
    cells.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        qsizetype length = 1;
        char32_t codePoint = text.at(i).unicode();
        if (QChar::isHighSurrogate(codePoint) && i + 1 < text.size() && text.at(i + 1).isLowSurrogate()) {
            codePoint = QChar::surrogateToUcs4(text.at(i), text.at(i + 1));
            length = 2;
        }
        const int columns = ofCodePoint(codePoint);
        if (columns == 0 && !cells.isEmpty()) // a combining mark stays with the character it marks
            cells.last().text += text.mid(i, length);
        else
            cells.append({text.mid(i, length).toString(), columns});
        i += length - 1;
    }
    return cells;
}

} // namespace

int ofCodePoint(char32_t codePoint)
{
    if (codePoint < 0x7F)
        return codePoint >= 0x20 ? 1 : 0;
    if (takesNoColumn(codePoint))
        return 0;
    return isWide(codePoint) ? 2 : 1;
}

int of(QStringView text)
{
    int columns = 0;
    for (const Cell& cell : cellsOf(text))
        columns += cell.columns;
    return columns;
}

QString truncated(const QString& text, int columns)
{
    QString kept;
    int used = 0;
    for (const Cell& cell : cellsOf(text)) {
        if (used + cell.columns > columns)
            break;
        kept += cell.text;
        used += cell.columns;
    }
    return kept;
}

QString elidedMiddle(const QString& text, int columns)
{
    if (of(text) <= columns)
        return text;
    const QString dots = QStringLiteral("...");
    if (columns <= dots.size())
        return truncated(text, columns);
    const QList<Cell> cells = cellsOf(text);
    const int room = columns - int(dots.size());
    const int headRoom = (room + 1) / 2;
    QString head;
    int used = 0;
    qsizetype next = 0;
    for (; next < cells.size() && used + cells.at(next).columns <= headRoom; ++next) {
        head += cells.at(next).text;
        used += cells.at(next).columns;
    }
    QString tail;
    for (qsizetype last = cells.size() - 1; last >= next && used + cells.at(last).columns <= room; --last) {
        tail.prepend(cells.at(last).text);
        used += cells.at(last).columns;
    }
    return head + dots + tail;
}

QString padded(const QString& text, int columns)
{
    return text + QString(std::max(0, columns - of(text)), QLatin1Char(' '));
}

} // namespace DisplayWidth
