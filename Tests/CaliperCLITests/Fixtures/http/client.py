"""HTTP clients for ServeHTTPTests: each mode drives `caliper serve --http` on loopback and
prints one JSON object of what it saw; the Swift test asserts on it. Every loop is bounded
in count, and every socket operation by a timeout."""
import http.client
import json
import os
import re
import signal
import socket
import sys
import threading
import time

TIMEOUT = 20


def read_lines(path):
    with open(path, "rb") as file:
        return [line.rstrip(b"\n") for line in file.read().split(b"\n")[:-1]]


def expected_status(line):
    answer = json.loads(line)
    if "error" not in answer:
        return 200
    return 400 if answer["error"]["code"] == "invalid-json" else 422


def load(port, requests_path, expected_path, count, threads):
    """`count` POST /v1/measure, cycling through the requests, on `threads` keep-alive
    connections; every body must be stdin serve's line."""
    requests = read_lines(requests_path)
    expected = read_lines(expected_path)
    result = {"sent": 0, "mismatches": 0, "statuses": {}, "connections": 0, "first": None}
    lock = threading.Lock()

    def worker(index):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        opened = 1
        sent, mismatches, statuses, first = 0, 0, {}, None
        for number in range(index, count, threads):
            request = requests[number % len(requests)]
            connection.request(
                "POST", "/v1/measure", body=request, headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            body = response.read()
            if response.getheader("Connection", "").lower() == "close":
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
                opened += 1
            want = expected[number % len(expected)]
            sent += 1
            statuses[response.status] = statuses.get(response.status, 0) + 1
            if body != want + b"\n" or response.status != expected_status(want):
                mismatches += 1
                if first is None:
                    first = {"request": request.decode(), "status": response.status,
                             "body": body.decode(errors="replace")[:300]}
        connection.close()
        with lock:
            result["sent"] += sent
            result["mismatches"] += mismatches
            result["connections"] += opened
            for status, number in statuses.items():
                result["statuses"][str(status)] = result["statuses"].get(str(status), 0) + number
            if result["first"] is None:
                result["first"] = first

    workers = [threading.Thread(target=worker, args=(index,)) for index in range(threads)]
    for thread in workers:
        thread.start()
    for thread in workers:
        thread.join(timeout=300)
    return result


def exchange(port, method, path, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    connection.request(method, path, body=body, headers=headers or {})
    response = connection.getresponse()
    data = response.read()
    connection.close()
    try:
        code = json.loads(data)["error"]["code"]
    except Exception:
        code = None
    return {"status": response.status, "code": code, "allow": response.getheader("Allow"),
            "retryAfter": response.getheader("Retry-After"),
            "authenticate": response.getheader("WWW-Authenticate"), "body": data.decode()}


def statuses(port, token, max_connections):
    """One request for each status code of the HTTP layer."""
    auth = {"Authorization": "Bearer " + token}
    json_type = {"Content-Type": "application/json", **auth}
    good = b'{"id": 1, "text": "Blue tile", "widths": [120]}'
    cases = {
        "ok": exchange(port, "POST", "/v1/measure", good, json_type),
        "health without token": exchange(port, "GET", "/healthz"),
        "missing token": exchange(port, "POST", "/v1/measure", good,
                                  {"Content-Type": "application/json"}),
        "wrong token": exchange(port, "POST", "/v1/measure", good,
                                {"Content-Type": "application/json",
                                 "Authorization": "Bearer " + token[:-1] + "x"}),
        "refused": exchange(port, "POST", "/v1/measure", b'{"id": 2, "text": "a", "size": 0}',
                            json_type),
        "not json": exchange(port, "POST", "/v1/measure", b"{nope", json_type),
        "unknown path": exchange(port, "GET", "/v2/measure", None, auth),
        "wrong method": exchange(port, "GET", "/v1/measure", None, auth),
        "wrong media type": exchange(port, "POST", "/v1/measure", good,
                                     {"Content-Type": "text/plain", **auth}),
    }
    # 413 from Content-Length alone: the header promises 10 GB and no body follows.
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as raw:
        raw.sendall(b"POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Authorization: Bearer " + token.encode() + b"\r\n"
                    b"Content-Length: 10000000000\r\n\r\n")
        started = time.monotonic()
        head = raw.recv(65536)
        cases["too large"] = {"status": int(head.split(b" ")[1]),
                              "seconds": time.monotonic() - started,
                              "code": "body-too-large" if b"body-too-large" in head else None}
    # 503: max_connections idle connections are open, the next one is refused.
    idle = [socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
            for _ in range(max_connections)]
    time.sleep(0.5)
    cases["too many connections"] = exchange(port, "GET", "/v1/fonts", None, auth)
    for connection in idle:
        connection.close()
    return cases


def metrics(port, good, bad, missing):
    """Sends known numbers of requests, then reads /metrics back."""
    json_type = {"Content-Type": "application/json"}
    for number in range(good):
        exchange(port, "POST", "/v1/measure", b'{"id": %d, "text": "Blue tile"}' % number, json_type)
    for number in range(bad):
        exchange(port, "POST", "/v1/measure", b'{"id": %d, "text": 5}' % number, json_type)
    for _ in range(missing):
        exchange(port, "GET", "/nowhere")
    # A request is counted when its connection's completion callback runs, which may be
    # just after the client has read the answer: scrape until the last one is counted
    # (only the scrape itself in flight), at most 50 times in 5 s.
    for _ in range(50):
        text = exchange(port, "GET", "/metrics")["body"]
        counters = {}
        for line in text.splitlines():
            match = re.match(r'caliper_requests_total\{endpoint="(\w+)",code="(\d+)"\} (\d+)$', line)
            if match:
                counters[match.group(1) + " " + match.group(2)] = int(match.group(3))
            match = re.match(r'caliper_request_duration_seconds_count\{endpoint="(\w+)"\} (\d+)$', line)
            if match:
                counters[match.group(1) + " count"] = int(match.group(2))
            match = re.match(r'(caliper_\w+) (\S+)$', line)
            if match:
                counters[match.group(1)] = float(match.group(2))
        if counters.get("caliper_in_flight_requests") == 1 and counters.get("other 404", 0) >= missing:
            break
        time.sleep(0.1)
    return counters


def slow(port, idle_count, slow_count, probes, idle_timeout):
    """Idle keep-alive connections and clients that send headers a byte at a time, while a
    normal client measures; then whether the slow clients were dropped."""
    idle = []
    for _ in range(idle_count):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        idle.append(connection)
    dropped = []
    stop = threading.Event()

    def slow_client():
        raw = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        started = time.monotonic()
        header = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
        try:
            for byte in header:  # bounded: 250 bytes, at most idle_timeout + 6 s
                if stop.is_set() or time.monotonic() - started > idle_timeout + 6:
                    break
                raw.sendall(bytes([byte]))
                raw.settimeout(0.5)
                try:
                    if raw.recv(1) == b"":
                        dropped.append(time.monotonic() - started)
                        return
                except socket.timeout:
                    pass
        except OSError:
            dropped.append(time.monotonic() - started)
        finally:
            raw.close()

    slow_threads = [threading.Thread(target=slow_client) for _ in range(slow_count)]
    for thread in slow_threads:
        thread.start()
    time.sleep(0.5)
    latencies = []
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
    for number in range(probes):
        started = time.monotonic()
        connection.request("POST", "/v1/measure", body=b'{"id": %d, "text": "Blue tile"}' % number,
                           headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        latencies.append(time.monotonic() - started)
        if response.status != 200:
            latencies[-1] = 99.0
    connection.close()
    for thread in slow_threads:
        thread.join(timeout=idle_timeout + 10)
    stop.set()
    for connection in idle:
        connection.close()
    return {"maxLatency": max(latencies), "probes": len(latencies), "dropped": len(dropped),
            "slowestDrop": max(dropped) if dropped else None}


def read_response(raw):
    """One HTTP response from a socket: (status, body), or None at the end of the stream;
    raises ValueError for a response cut short."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = raw.recv(65536)
        if not chunk:
            if data:
                raise ValueError("headers cut short")
            return None, b""
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?i)content-length: *(\d+)", head).group(1))
    while len(rest) < length:
        chunk = raw.recv(65536)
        if not chunk:
            raise ValueError("body cut short: %d of %d bytes" % (len(rest), length))
        rest += chunk
    return (int(head.split(b" ")[1]), rest[:length]), rest[length:]


def edges(port, request, expected):
    """A client that leaves mid-response, a malformed request line, pipelined requests."""
    result = {}
    batch = b"\n".join(b'{"id": %d, "text": "Blue tile with a longer local label", "widths": [10, 20, 40]}' % n
                       for n in range(500))
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as raw:
        raw.sendall(b"POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\n"
                    b"Content-Length: %d\r\n\r\n" % len(batch) + batch)
        result["partial read"] = len(raw.recv(1000))
    result["after disconnect"] = exchange(port, "GET", "/healthz")["status"]
    # libmicrohttpd answers a request line with too many parts 400 and closes the
    # connection; one with no target (not HTTP at all) is closed without an answer.
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as raw:
        raw.sendall(b"GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n")
        answer = raw.recv(65536)
        result["malformed"] = int(answer.split(b" ")[1]) if answer.startswith(b"HTTP/1.1") else answer.decode(errors="replace")
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as raw:
        raw.sendall(b"GARBAGE\r\n\r\n")
        result["not http"] = raw.recv(65536).decode(errors="replace")
    result["after malformed"] = exchange(port, "GET", "/healthz")["status"]
    post = (b"POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % len(request) + request)
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as raw:
        raw.sendall(post + b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n" + post)
        answers, rest = [], b""
        for _ in range(3):
            answer, rest = read_response_buffered(raw, rest)
            answers.append(answer)
    result["pipelined"] = [status for status, _ in answers]
    result["pipelined bodies"] = [answers[0][1] == expected + b"\n", answers[1][1] == b'{"status":"ok"}\n',
                                  answers[2][1] == expected + b"\n"]
    return result


def read_response_buffered(raw, buffered):
    class Buffered:
        def __init__(self):
            self.data = buffered

        def recv(self, size):
            if self.data:
                data, self.data = self.data, b""
                return data
            return raw.recv(size)
    answer, rest = read_response(Buffered())
    return answer, rest


def drain(port, pid, count, request, expected):
    """`count` connections each send a request; SIGTERM goes to the server while they are
    in flight; every response that comes must be whole and right."""
    sockets = []
    post = (b"POST /v1/measure HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % len(request) + request)
    for _ in range(count):
        raw = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        sockets.append(raw)
    for raw in sockets:
        raw.sendall(post)
    os.kill(pid, signal.SIGTERM)
    complete, unanswered, wrong, cut = 0, 0, 0, 0
    reasons = {}
    for raw in sockets:
        try:
            answer, _ = read_response(raw)
            if answer is None:
                unanswered += 1
                reasons["end"] = reasons.get("end", 0) + 1
            elif answer[0] == 200 and answer[1] == expected + b"\n":
                complete += 1
            else:
                wrong += 1
        except ValueError:
            cut += 1
        except (ConnectionResetError, socket.timeout) as error:
            unanswered += 1
            reasons[type(error).__name__] = reasons.get(type(error).__name__, 0) + 1
        raw.close()
    return {"complete": complete, "unanswered": unanswered, "wrong": wrong, "cut": cut,
            "reasons": reasons}


def churn(port, pid, seconds):
    """New connections one after another, each asking GET /healthz, for at most `seconds`;
    SIGTERM goes to the server after the first 20 answers. Counts how each connection
    ended, until the server's port refuses them (it has exited)."""
    ended = {"answered": 0, "draining": 0, "closed unanswered": 0, "refused": 0}
    deadline = time.monotonic() + seconds
    signalled = False
    while time.monotonic() < deadline:
        if not signalled and ended["answered"] >= 20:
            os.kill(pid, signal.SIGTERM)
            signalled = True
        try:
            raw = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
        except ConnectionRefusedError:
            ended["refused"] += 1
            break
        except ConnectionResetError:
            # Waiting in the accept queue when the listening socket closed.
            ended["closed unanswered"] += 1
            continue
        try:
            raw.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            head = raw.recv(64)
            if head.startswith(b"HTTP/1.1 200"):
                ended["answered"] += 1
            elif head.startswith(b"HTTP/1.1 503"):
                ended["draining"] += 1
            else:
                ended["closed unanswered"] += 1
        except (ConnectionResetError, BrokenPipeError):
            ended["closed unanswered"] += 1
        raw.close()
    ended["signalled"] = signalled
    return ended


def main():
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except Exception:
        pass
    mode, port = sys.argv[1], int(sys.argv[2])
    args = sys.argv[3:]
    if mode == "load":
        result = load(port, args[0], args[1], int(args[2]), int(args[3]))
    elif mode == "statuses":
        result = statuses(port, args[0], int(args[1]))
    elif mode == "metrics":
        result = metrics(port, int(args[0]), int(args[1]), int(args[2]))
    elif mode == "slow":
        result = slow(port, int(args[0]), int(args[1]), int(args[2]), float(args[3]))
    elif mode == "edges":
        result = edges(port, args[0].encode(), args[1].encode())
    elif mode == "drain":
        result = drain(port, int(args[0]), int(args[1]), args[2].encode(), args[3].encode())
    elif mode == "churn":
        result = churn(port, int(args[0]), float(args[1]))
    else:
        raise SystemExit("unknown mode " + mode)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
