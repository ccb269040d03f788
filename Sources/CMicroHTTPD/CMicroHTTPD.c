#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The soname of the libmicrohttpd the headers describe (Debian's libmicrohttpd12).
#define CMICROHTTPD_SONAME "libmicrohttpd.so.12"

// Each pointer has the type of the function the header declares, so a call through it is
// checked as a direct call would be.
#define CMICROHTTPD_FUNCTIONS(X)                                                              \
  X(MHD_start_daemon)                                                                         \
  X(MHD_get_connection_info)                                                                  \
  X(MHD_stop_daemon)                                                                          \
  X(MHD_lookup_connection_value)                                                              \
  X(MHD_create_response_from_buffer)                                                          \
  X(MHD_create_response_from_fd64)                                                            \
  X(MHD_destroy_response)                                                                     \
  X(MHD_add_response_header)                                                                  \
  X(MHD_queue_response)

#define CMICROHTTPD_POINTER(name) static __typeof__(name) *p_##name;
CMICROHTTPD_FUNCTIONS(CMICROHTTPD_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;
static char message[512];

static void load(void) {
  void *library = dlopen(CMICROHTTPD_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(message, sizeof message,
             "serve --http needs libmicrohttpd (Debian: apt-get install libmicrohttpd12): %s",
             dlerror());
    failure = message;
    return;
  }
#define CMICROHTTPD_FIND(name)                                                                \
  p_##name = (__typeof__(name) *)dlsym(library, #name);                                       \
  if (p_##name == NULL) {                                                                     \
    snprintf(message, sizeof message, "%s has no function %s", CMICROHTTPD_SONAME, #name);   \
    failure = message;                                                                        \
    return;                                                                                   \
  }
  CMICROHTTPD_FUNCTIONS(CMICROHTTPD_FIND)
}

const char *CMicroHTTPD_load(void) {
  pthread_once(&once, load);
  return failure;
}

struct MHD_Daemon *CMicroHTTPD_start(
    int listen_fd, unsigned int threads, unsigned int connection_limit, size_t memory_limit,
    unsigned int timeout, MHD_AcceptPolicyCallback accept, MHD_AccessHandlerCallback handler,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify,
    void *context) {
  return p_MHD_start_daemon(
      MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC, 0, accept, context, handler, context,
      MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
      MHD_OPTION_THREAD_POOL_SIZE, threads,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, timeout,
      MHD_OPTION_NOTIFY_COMPLETED, completed, context,
      MHD_OPTION_NOTIFY_CONNECTION, notify, context,
      MHD_OPTION_END);
}

int CMicroHTTPD_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      p_MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : (int)info->connect_fd;
}

void CMicroHTTPD_stop_daemon(struct MHD_Daemon *daemon) { p_MHD_stop_daemon(daemon); }

const char *CMicroHTTPD_lookup_connection_value(
    struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key) {
  return p_MHD_lookup_connection_value(connection, kind, key);
}

struct MHD_Response *CMicroHTTPD_create_response_from_buffer(
    size_t size, void *buffer, enum MHD_ResponseMemoryMode mode) {
  return p_MHD_create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *CMicroHTTPD_create_response_from_fd64(uint64_t size, int fd) {
  return p_MHD_create_response_from_fd64(size, fd);
}

void CMicroHTTPD_destroy_response(struct MHD_Response *response) {
  p_MHD_destroy_response(response);
}

enum MHD_Result CMicroHTTPD_add_response_header(
    struct MHD_Response *response, const char *header, const char *content) {
  return p_MHD_add_response_header(response, header, content);
}

enum MHD_Result CMicroHTTPD_queue_response(
    struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response) {
  return p_MHD_queue_response(connection, status_code, response);
}
