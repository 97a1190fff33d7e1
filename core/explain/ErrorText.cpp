#include "ErrorText.h"

#include "host/BoundedFile.h"

#include <QRegularExpression>
#include <QStringDecoder>

namespace ErrorText {

QString normalise(const QString& text)
{
    // CSI (ESC [ ... final byte), OSC (ESC ] ... BEL or ESC \), and the two-byte escapes; then the line ends.
    static const QRegularExpression escapes(
        QStringLiteral("\\x1B\\[[0-?]*[ -/]*[@-~]|\\x1B\\][^\\x07\\x1B]*(?:\\x07|\\x1B\\\\)|\\x1B[@-Z\\\\-_]"));
    QString clean = text;
    clean.remove(escapes);
    clean.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    clean.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    return clean;
}

Read fromBytes(const QByteArray& bytes)
{
    Read read;
    if (bytes.size() > MaxBytes) {
        read.tooLarge = true;
        return read;
    }
    QStringDecoder utf8(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    QString text = utf8.decode(bytes);
    if (utf8.hasError()) {
        QStringDecoder local(QStringDecoder::System);
        text = local.decode(bytes);
    }
    read.text = normalise(text);
    return read;
}

Read fromFile(const QString& path)
{
    const BoundedRead file = readBoundedFile(path, MaxBytes + 1);
    if (!file.ok) {
        Read read;
        read.error = file.error;
        return read;
    }
    return fromBytes(file.data);
}

} // namespace ErrorText
