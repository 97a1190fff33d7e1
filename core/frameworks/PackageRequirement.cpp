#include "PackageRequirement.h"

#include <QRegularExpression>

namespace {

QString normalizedExtra(const QString& name)
{
    static const QRegularExpression separators(QStringLiteral("[-_.]+"));
    return name.toLower().replace(separators, QStringLiteral("-"));
}

/** One token of a marker: a quoted string, a variable, an operator or a parenthesis. */
struct Token
{
    enum class Kind { String, Variable, Operator, Open, Close, And, Or, End };
    Kind kind = Kind::End;
    QString text;
};

QList<Token> tokenize(const QString& marker, bool& ok)
{
    QList<Token> tokens;
    ok = true;
    int i = 0;
    while (i < marker.size()) {
        const QChar c = marker.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        if (c == QLatin1Char('(') || c == QLatin1Char(')')) {
            tokens.append({c == QLatin1Char('(') ? Token::Kind::Open : Token::Kind::Close, QString(c)});
            ++i;
            continue;
        }
        if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            const int end = int(marker.indexOf(c, i + 1));
            if (end < 0) {
                ok = false;
                return {};
            }
            tokens.append({Token::Kind::String, marker.mid(i + 1, end - i - 1)});
            i = end + 1;
            continue;
        }
        if (QStringLiteral("=!<>~").contains(c)) {
            int end = i;
            while (end < marker.size() && QStringLiteral("=!<>~").contains(marker.at(end)))
                ++end;
            tokens.append({Token::Kind::Operator, marker.mid(i, end - i)});
            i = end;
            continue;
        }
        if (c.isLetter() || c == QLatin1Char('_')) {
            int end = i;
            while (end < marker.size()
                   && (marker.at(end).isLetterOrNumber() || marker.at(end) == QLatin1Char('_')
                       || marker.at(end) == QLatin1Char('.')))
                ++end;
            const QString word = marker.mid(i, end - i);
            i = end;
            if (word == QLatin1String("and"))
                tokens.append({Token::Kind::And, word});
            else if (word == QLatin1String("or"))
                tokens.append({Token::Kind::Or, word});
            else if (word == QLatin1String("in"))
                tokens.append({Token::Kind::Operator, word});
            else if (word == QLatin1String("not")) {
                // "not in" is one operator
                tokens.append({Token::Kind::Operator, QStringLiteral("not in")});
                while (i < marker.size() && marker.at(i).isSpace())
                    ++i;
                if (marker.mid(i, 2) != QLatin1String("in")) {
                    ok = false;
                    return {};
                }
                i += 2;
            } else
                tokens.append({Token::Kind::Variable, word});
            continue;
        }
        ok = false;
        return {};
    }
    tokens.append({Token::Kind::End, {}});
    return tokens;
}

class MarkerParser
{
public:
    MarkerParser(QList<Token> tokens, const PackageRequirement::MarkerEnvironment& environment)
        : m_tokens(std::move(tokens))
        , m_environment(environment)
    {
    }

    std::optional<bool> parse()
    {
        const std::optional<bool> value = orExpression();
        if (!value || peek().kind != Token::Kind::End)
            return std::nullopt;
        return value;
    }

private:
    const Token& peek() const { return m_tokens.at(m_at); }
    Token take() { return m_tokens.at(m_at++); }

    std::optional<bool> orExpression()
    {
        std::optional<bool> value = andExpression();
        while (value && peek().kind == Token::Kind::Or) {
            take();
            const std::optional<bool> right = andExpression();
            if (!right)
                return std::nullopt;
            value = *value || *right;
        }
        return value;
    }

    std::optional<bool> andExpression()
    {
        std::optional<bool> value = atom();
        while (value && peek().kind == Token::Kind::And) {
            take();
            const std::optional<bool> right = atom();
            if (!right)
                return std::nullopt;
            value = *value && *right;
        }
        return value;
    }

    std::optional<bool> atom()
    {
        if (peek().kind == Token::Kind::Open) {
            take();
            const std::optional<bool> value = orExpression();
            if (!value || take().kind != Token::Kind::Close)
                return std::nullopt;
            return value;
        }
        const Token left = take();
        const Token op = take();
        const Token right = take();
        if (op.kind != Token::Kind::Operator)
            return std::nullopt;
        const auto isValue
            = [](const Token& t) { return t.kind == Token::Kind::String || t.kind == Token::Kind::Variable; };
        if (!isValue(left) || !isValue(right))
            return std::nullopt;
        // "extra" names a set: the extras taken as requested.
        if (left.kind == Token::Kind::Variable && left.text == QLatin1String("extra")) {
            const bool member = m_environment.extras.contains(normalizedExtra(right.text));
            if (op.text == QLatin1String("=="))
                return member;
            if (op.text == QLatin1String("!="))
                return !member;
            return std::nullopt;
        }
        const std::optional<QString> a = valueOf(left);
        const std::optional<QString> b = valueOf(right);
        if (!a || !b)
            return std::nullopt;
        return compare(*a, op.text, *b);
    }

    std::optional<QString> valueOf(const Token& token) const
    {
        if (token.kind == Token::Kind::String)
            return token.text;
        const QString& name = token.text;
        if (name == QLatin1String("sys_platform") || name == QLatin1String("sys.platform"))
            return m_environment.sysPlatform;
        if (name == QLatin1String("platform_system"))
            return m_environment.platformSystem;
        if (name == QLatin1String("platform_machine") || name == QLatin1String("platform.machine"))
            return m_environment.platformMachine;
        if (name == QLatin1String("os_name") || name == QLatin1String("os.name"))
            return m_environment.osName;
        if (name == QLatin1String("implementation_name") || name == QLatin1String("platform_python_implementation"))
            return name == QLatin1String("implementation_name") ? QStringLiteral("cpython") : QStringLiteral("CPython");
        if (name == QLatin1String("python_version") || name == QLatin1String("python_full_version")) {
            if (!m_environment.pythonVersion)
                return std::nullopt;
            return m_environment.pythonVersion->toString();
        }
        return std::nullopt;
    }

    static std::optional<bool> compare(const QString& a, const QString& op, const QString& b)
    {
        if (op == QLatin1String("in"))
            return b.contains(a);
        if (op == QLatin1String("not in"))
            return !b.contains(a);
        const std::optional<Version> va = Version::parse(a);
        const std::optional<Version> vb = Version::parse(b);
        if (va && vb) {
            if (op == QLatin1String("=="))
                return *va == *vb;
            if (op == QLatin1String("!="))
                return *va != *vb;
            if (op == QLatin1String("<"))
                return *va < *vb;
            if (op == QLatin1String("<="))
                return *va <= *vb;
            if (op == QLatin1String(">"))
                return *va > *vb;
            if (op == QLatin1String(">="))
                return *va >= *vb;
            if (op == QLatin1String("~="))
                return PackageRequirement::allows(QStringLiteral("~=") + b, *va);
            return std::nullopt;
        }
        if (op == QLatin1String("==") || op == QLatin1String("==="))
            return a == b;
        if (op == QLatin1String("!="))
            return a != b;
        return std::nullopt;
    }

    QList<Token> m_tokens;
    int m_at = 0;
    const PackageRequirement::MarkerEnvironment& m_environment;
};

struct Clause
{
    QString op;
    QString version; // may end in ".*"
};

QList<Clause> clauses(const QString& specifier)
{
    QList<Clause> found;
    static const QRegularExpression clause(
        QStringLiteral("^\\s*(===|==|!=|<=|>=|~=|<|>)\\s*([0-9][0-9A-Za-z.*+!_-]*)\\s*$"));
    for (const QString& part : specifier.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto match = clause.match(part);
        if (match.hasMatch())
            found.append({match.captured(1), match.captured(2)});
    }
    return found;
}

/** The release part of a PEP 440 version ("9.8.0.87", "12.1.105"), without pre/post/local parts. */
std::optional<Version> releasePart(const QString& text)
{
    static const QRegularExpression release(QStringLiteral("^([0-9]+(?:\\.[0-9]+)*)"));
    const auto match = release.match(text);
    return match.hasMatch() ? Version::parse(match.captured(1)) : std::nullopt;
}

} // namespace

PackageRequirement::MarkerEnvironment PackageRequirement::MarkerEnvironment::of(OsFlavor os,
                                                                                const QString& redistPlatform,
                                                                                const std::optional<Version>& python)
{
    MarkerEnvironment environment;
    const bool windows = os == OsFlavor::Windows;
    environment.sysPlatform = windows ? QStringLiteral("win32") : QStringLiteral("linux");
    environment.platformSystem = windows ? QStringLiteral("Windows") : QStringLiteral("Linux");
    environment.osName = windows ? QStringLiteral("nt") : QStringLiteral("posix");
    const bool arm = redistPlatform.endsWith(QLatin1String("sbsa")) || redistPlatform.endsWith(QLatin1String("aarch64"))
        || redistPlatform.endsWith(QLatin1String("arm64"));
    if (windows)
        environment.platformMachine = arm ? QStringLiteral("ARM64") : QStringLiteral("AMD64");
    else if (redistPlatform.endsWith(QLatin1String("ppc64le")))
        environment.platformMachine = QStringLiteral("ppc64le");
    else
        environment.platformMachine = arm ? QStringLiteral("aarch64") : QStringLiteral("x86_64");
    environment.pythonVersion = python;
    return environment;
}

std::optional<bool> PackageRequirement::evaluate(const QString& marker, const MarkerEnvironment& environment)
{
    if (marker.trimmed().isEmpty())
        return true;
    bool ok = false;
    QList<Token> tokens = tokenize(marker, ok);
    if (!ok)
        return std::nullopt;
    return MarkerParser(std::move(tokens), environment).parse();
}

bool PackageRequirement::allows(const QString& specifier, const Version& version)
{
    for (const Clause& clause : clauses(specifier)) {
        if (clause.version.endsWith(QLatin1String(".*"))) {
            const std::optional<Version> prefix = releasePart(clause.version.chopped(2));
            if (!prefix)
                return false;
            const bool matches = version.truncated(prefix->size()) == *prefix && version.size() >= prefix->size();
            if ((clause.op == QLatin1String("==")) != matches)
                return false;
            continue;
        }
        std::optional<Version> bound = releasePart(clause.version);
        if (!bound)
            return false;
        // A copy's version read from its header has three parts: the pin's fourth (build) part cannot be told.
        if (version.size() < bound->size())
            bound = bound->truncated(version.size());
        const QString& op = clause.op;
        bool fits = true;
        if (op == QLatin1String("==") || op == QLatin1String("==="))
            fits = version == *bound;
        else if (op == QLatin1String("!="))
            fits = version != *bound;
        else if (op == QLatin1String(">="))
            fits = version >= *bound;
        else if (op == QLatin1String("<="))
            fits = version <= *bound;
        else if (op == QLatin1String(">"))
            fits = version > *bound;
        else if (op == QLatin1String("<"))
            fits = version < *bound;
        else if (op == QLatin1String("~=")) {
            // ~=9.1 means >=9.1, ==9.*; ~=9.1.2 means >=9.1.2, ==9.1.*
            const Version prefix = bound->truncated(std::max(1, bound->size() - 1));
            fits = version >= *bound && version.truncated(prefix.size()) == prefix;
        }
        if (!fits)
            return false;
    }
    return true;
}

std::optional<Version> PackageRequirement::lowest(const QString& specifier)
{
    std::optional<Version> low;
    for (const Clause& clause : clauses(specifier)) {
        if (clause.op != QLatin1String(">=") && clause.op != QLatin1String("==") && clause.op != QLatin1String("~=")
            && clause.op != QLatin1String(">") && clause.op != QLatin1String("==="))
            continue;
        QString text = clause.version;
        if (text.endsWith(QLatin1String(".*")))
            text.chop(2);
        const std::optional<Version> bound = releasePart(text);
        if (bound && (!low || *bound > *low))
            low = bound;
    }
    return low;
}
