/*
 * Stands in for pkexec in the elevation tests: `elevation-test-launcher [options] PROGRAM ARGS...` runs PROGRAM as
 * root, the way pkexec would after the person said yes. It works because the test process keeps real uid 0 and
 * drops only its effective ids (65534): this process may take uid 0 back. Like pkexec it starts PROGRAM with a
 * fresh environment, plus PKEXEC_UID (the caller's effective uid, as pkexec names the user it acts for) and only
 * what the options name.
 *
 *   --decline            exit 126 at once, as pkexec does when the dialog is dismissed
 *   --decline-while FILE exit 126 while FILE exists (a person who says no, then yes on Try again)
 *   --not-authorized     exit 127, as pkexec does when polkit says no or no agent can ask
 *   --home DIR           HOME=DIR for PROGRAM (the worst case: an elevation that keeps the user's HOME)
 *   --system-root DIR    CUDNN_SETUP_SYSTEM_ROOT=DIR (machine scope writes there instead of /etc)
 *   --fault SPEC         CUDNN_SETUP_TEST_FAULT=SPEC (core/install/FaultPoint)
 *   --record FILE        append, one per line, the ids it ran PROGRAM with, each argument and each variable name,
 *                        "pid N" once PROGRAM is started and, after PROGRAM, the owner and mode of its --report file
 *                        and of that file's folder
 *   --forge-report       after PROGRAM, put a report with another token in its --report file
 */
#define _GNU_SOURCE
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void add(char** env, int* count, const char* name, const char* value)
{
    if (!value)
        return;
    size_t size = strlen(name) + strlen(value) + 2;
    char* entry = malloc(size);
    snprintf(entry, size, "%s=%s", name, value);
    env[(*count)++] = entry;
}

int main(int argc, char** argv)
{
    const char *home = NULL, *systemRoot = NULL, *fault = NULL, *record = NULL;
    int forge = 0, i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; ++i) {
        if (strcmp(argv[i], "--decline") == 0)
            return 126;
        if (strcmp(argv[i], "--not-authorized") == 0)
            return 127;
        if (i + 1 < argc && strcmp(argv[i], "--decline-while") == 0) {
            if (access(argv[++i], F_OK) == 0)
                return 126;
        } else if (strcmp(argv[i], "--forge-report") == 0)
            forge = 1;
        else if (i + 1 < argc && strcmp(argv[i], "--home") == 0)
            home = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--system-root") == 0)
            systemRoot = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--fault") == 0)
            fault = argv[++i];
        else if (i + 1 < argc && strcmp(argv[i], "--record") == 0)
            record = argv[++i];
        else {
            fprintf(stderr, "elevation-test-launcher: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (i >= argc) {
        fprintf(stderr, "elevation-test-launcher: no program\n");
        return 2;
    }
    char caller[16];
    snprintf(caller, sizeof caller, "%d", (int)geteuid());
    if (setresgid(0, 0, 0) != 0 || setresuid(0, 0, 0) != 0) {
        perror("elevation-test-launcher: cannot become root (run the test as root)");
        return 127;
    }

    if (record) {
        FILE* out = fopen(record, "a");
        if (out) {
            fprintf(out, "uid %d euid %d\n", (int)getuid(), (int)geteuid());
            for (int a = i; a < argc; ++a)
                fprintf(out, "arg %s\n", argv[a]);
            for (char** e = environ; *e; ++e)
                fprintf(out, "env-in %.*s\n", (int)(strchr(*e, '=') ? strchr(*e, '=') - *e : (long)strlen(*e)), *e);
            fclose(out);
        }
    }

    char* env[8];
    int count = 0;
    add(env, &count, "PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
    add(env, &count, "PKEXEC_UID", caller);
    add(env, &count, "HOME", home);
    add(env, &count, "CUDNN_SETUP_SYSTEM_ROOT", systemRoot);
    add(env, &count, "CUDNN_SETUP_TEST_FAULT", fault);
    env[count] = NULL;

    const pid_t child = fork();
    if (child < 0)
        return 127;
    if (child == 0) {
        execve(argv[i], argv + i, env);
        perror("elevation-test-launcher: execve");
        _exit(127);
    }
    if (record) {
        FILE* out = fopen(record, "a");
        if (out) {
            fprintf(out, "pid %d\n", (int)child);
            fclose(out);
        }
    }
    int status = 0;
    if (waitpid(child, &status, 0) < 0)
        return 127;
    for (int a = i; record && a + 1 < argc; ++a) {
        if (strcmp(argv[a], "--report") != 0)
            continue;
        FILE* out = fopen(record, "a");
        struct stat file, folder;
        char* copy = strdup(argv[a + 1]);
        if (out && lstat(argv[a + 1], &file) == 0 && stat(dirname(copy), &folder) == 0)
            fprintf(out,
                    "report uid %d mode %o\nfolder uid %d mode %o\n",
                    (int)file.st_uid,
                    (unsigned)(file.st_mode & 07777),
                    (int)folder.st_uid,
                    (unsigned)(folder.st_mode & 07777));
        if (out)
            fclose(out);
        free(copy);
    }
    if (forge) {
        for (int a = i; a + 1 < argc; ++a) {
            if (strcmp(argv[a], "--report") == 0) {
                FILE* report = fopen(argv[a + 1], "w");
                if (report) {
                    fputs("{\"command\": \"install\", \"status\": \"ok\", \"files\": [], "
                          "\"elevation\": {\"token\": \"00000000000000000000000000000000\"}}\n",
                          report);
                    fclose(report);
                }
            }
        }
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
