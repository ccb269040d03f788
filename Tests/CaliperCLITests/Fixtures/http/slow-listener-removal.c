// LD_PRELOAD shim for ServeHTTPStopTests: every removal of a listening socket from an epoll
// set waits 100 ms before it happens. libmicrohttpd's MHD_quiesce_daemon (0.9.75) and its
// epoll thread can both decide to remove the listening socket, unlocked; the one that comes
// second gets ENOENT and aborts the process. On a real machine the window is a few
// nanoseconds; here it is 100 ms, so a server that quiesces while connections arrive
// aborts nearly every time, and one that never removes the socket is not slowed at all.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

int epoll_ctl(int epfd, int op, int fd, struct epoll_event *event) {
  static int (*real)(int, int, int, struct epoll_event *);
  if (real == NULL) real = (int (*)(int, int, int, struct epoll_event *))dlsym(RTLD_NEXT, "epoll_ctl");
  if (op == EPOLL_CTL_DEL) {
    int listening = 0;
    socklen_t size = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0 && listening)
      usleep(100000);
  }
  return real(epfd, op, fd, event);
}
