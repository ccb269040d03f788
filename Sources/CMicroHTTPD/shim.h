#include <microhttpd.h>
#include <stdint.h>

// MHD_start_daemon and MHD_get_connection_info are C variadic functions, which Swift cannot
// call: these wrappers pass their arguments in fixed form.

/// Starts a daemon on an already bound and listening socket, with a pool of `threads`
/// threads on epoll, at most `connection_limit` connections (libmicrohttpd closes the ones
/// over it at once), `memory_limit` bytes per connection (its headers must fit) and
/// `timeout` seconds of inactivity. The callbacks all receive `context`.
static inline struct MHD_Daemon *CMicroHTTPD_start(
    int listen_fd, unsigned int threads, unsigned int connection_limit, size_t memory_limit,
    unsigned int timeout, MHD_AccessHandlerCallback handler,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify,
    void *context) {
  return MHD_start_daemon(
      MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC, 0, NULL, NULL, handler, context,
      MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_fd,
      MHD_OPTION_THREAD_POOL_SIZE, threads,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
      MHD_OPTION_CONNECTION_TIMEOUT, timeout,
      MHD_OPTION_NOTIFY_COMPLETED, completed, context,
      MHD_OPTION_NOTIFY_CONNECTION, notify, context,
      MHD_OPTION_END);
}

/// The socket of a connection, or -1.
static inline int CMicroHTTPD_connection_fd(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : (int)info->connect_fd;
}
