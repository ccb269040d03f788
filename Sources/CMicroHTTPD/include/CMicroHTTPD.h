#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

#include <microhttpd.h>
#include <stdint.h>

// libmicrohttpd is loaded with dlopen when `caliper serve --http` starts, not linked: linked,
// every run of the tool (`--version`, one `measure`) would load it and its GnuTLS chain
// (eleven more libraries) at start-up. These functions call libmicrohttpd's through the
// pointers `CMicroHTTPD_load` finds; call it first, and the others only after it succeeded.
// MHD_start_daemon and MHD_get_connection_info are C variadic functions, which Swift cannot
// call: their wrappers pass the arguments in fixed form.

/// Loads libmicrohttpd (once; later calls return the first answer): NULL when every
/// function was found, else a message that says what is missing.
const char *CMicroHTTPD_load(void);

/// Starts a daemon on an already bound and listening socket, with a pool of `threads`
/// threads on epoll, at most `connection_limit` connections (libmicrohttpd closes the ones
/// over it at once), `memory_limit` bytes per connection (its headers must fit) and
/// `timeout` seconds of inactivity. `accept` is asked about each connection the daemon
/// accepts (MHD_NO closes it at once). The callbacks all receive `context`. The daemon owns
/// `listen_fd` from then on: MHD_stop_daemon closes it, and a failed start may have.
struct MHD_Daemon *CMicroHTTPD_start(
    int listen_fd, unsigned int threads, unsigned int connection_limit, size_t memory_limit,
    unsigned int timeout, MHD_AcceptPolicyCallback accept, MHD_AccessHandlerCallback handler,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify,
    void *context);

/// The socket of a connection, or -1.
int CMicroHTTPD_connection_fd(struct MHD_Connection *connection);

/// MHD_stop_daemon.
void CMicroHTTPD_stop_daemon(struct MHD_Daemon *daemon);
/// MHD_lookup_connection_value.
const char *CMicroHTTPD_lookup_connection_value(
    struct MHD_Connection *connection, enum MHD_ValueKind kind, const char *key);
/// MHD_create_response_from_buffer.
struct MHD_Response *CMicroHTTPD_create_response_from_buffer(
    size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
/// MHD_create_response_from_fd64.
struct MHD_Response *CMicroHTTPD_create_response_from_fd64(uint64_t size, int fd);
/// MHD_destroy_response.
void CMicroHTTPD_destroy_response(struct MHD_Response *response);
/// MHD_add_response_header.
enum MHD_Result CMicroHTTPD_add_response_header(
    struct MHD_Response *response, const char *header, const char *content);
/// MHD_queue_response.
enum MHD_Result CMicroHTTPD_queue_response(
    struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response);

#endif
