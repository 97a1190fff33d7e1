#include "runtime/VerifyReport.h"

#include "runtime/JsonWriter.h"
#include "runtime/ProbeReport.h"
#include "runtime/VersionCodes.h"

namespace cudnnsetup::runtime {

namespace {

void writeLibrary(JsonWriter& json, const LibraryLoad& load, const char* role)
{
    json.beginObject();
    json.key("name").string(load.name);
    json.key("role").string(role);
    json.key("loaded").boolean(load.loaded);
    json.key("path").string(load.path);
    json.key("found_via").string(load.foundVia);
    json.key("version").string(load.version);
    json.key("version_source").string(load.versionSource);
    json.key("file_size")
        .number(load.fileSize ? std::optional<long long>(static_cast<long long>(*load.fileSize)) : std::nullopt);
    json.key("error").string(load.error);
    json.endObject();
}

} // namespace

std::string verifyReportJson(const VerifyFacts& facts)
{
    JsonWriter json;
    json.beginObject();
    writeProbeHeader(json);

    json.key("verify").beginObject();
    json.key("ok").boolean(facts.findings.empty());
    json.key("major").number(facts.major);
    json.key("version").number(facts.version);
    json.key("version_text").string(facts.version ? cudnnVersionText(*facts.version) : std::string());
    json.key("cudart_version").number(facts.cudartVersion);
    json.key("cudart_version_text").string(facts.cudartVersion ? cudaVersionText(*facts.cudartVersion) : std::string());
    json.key("tried").beginArray();
    for (const std::string& name : facts.tried) {
        json.string(name);
    }
    json.endArray();

    json.key("header");
    if (facts.header) {
        json.beginObject();
        json.key("path").string(facts.header->path);
        json.key("version").number(facts.header->code);
        json.key("version_text").string(facts.header->code ? cudnnVersionText(*facts.header->code) : std::string());
        json.key("error").string(facts.header->error);
        json.endObject();
    } else {
        json.null();
    }

    json.key("libraries").beginArray();
    writeLibrary(json, facts.main, "main");
    for (const LibraryLoad& sub : facts.subLibraries) {
        writeLibrary(json, sub, "sub-library");
    }
    json.endArray();

    json.key("dependencies").beginArray();
    for (const binary::DependencyLink& link : facts.dependencyProblems) {
        json.beginObject();
        json.key("name").string(link.name);
        json.key("needed_by").string(link.neededBy);
        json.key("status").string(binary::dependencyStatusName(link.status));
        json.key("delay_loaded").boolean(link.delayLoaded);
        json.key("path").string(link.path);
        json.key("detail").string(link.detail);
        json.endObject();
    }
    json.endArray();

    json.key("findings").beginArray();
    for (const VerifyFinding& finding : facts.findings) {
        json.beginObject();
        json.key("code").string(finding.code);
        json.key("subject").string(finding.subject);
        json.key("detail").string(finding.detail);
        json.endObject();
    }
    json.endArray();

    json.endObject();
    json.endObject();
    return json.str();
}

} // namespace cudnnsetup::runtime
