import { describe, expect, it } from "vitest";
import { addressKind, endpointUrlProblem, hostToResolve, URL_MESSAGES } from "./webhook-url";

describe("endpoint addresses in production", () => {
  it.each([
    ["https://hooks.example.com/swiftparcel"],
    ["https://hooks.example.com:8443/in?key=1"],
    ["https://93.184.216.34/hook"],
    ["https://[2606:4700::1111]/hook"],
  ])("accepts %s", (url) => expect(endpointUrlProblem(url, false)).toBeNull());

  it.each([
    ["", URL_MESSAGES.required],
    ["   ", URL_MESSAGES.required],
    ["not a url", URL_MESSAGES.invalid],
    ["ftp://example.com/x", URL_MESSAGES.invalid],
    ["javascript:alert(1)", URL_MESSAGES.invalid],
    ["https://hooks.exa\nmple.com/x", URL_MESSAGES.invalid],
    ["https://hooks.example.com/a b", URL_MESSAGES.invalid],
    ["http://hooks.example.com/x", URL_MESSAGES.https],
    ["https://user:secret@hooks.example.com/x", URL_MESSAGES.credentials],
    [`https://example.com/${"a".repeat(1000)}`, URL_MESSAGES.tooLong],
    ["https://localhost/x", URL_MESSAGES.private],
    ["https://api.localhost/x", URL_MESSAGES.private],
    ["https://printer.local/x", URL_MESSAGES.private],
    ["https://intranet/x", URL_MESSAGES.private],
    ["https://127.0.0.1/x", URL_MESSAGES.private],
    ["https://127.1/x", URL_MESSAGES.private],
    ["https://2130706433/x", URL_MESSAGES.private],
    ["https://0x7f000001/x", URL_MESSAGES.private],
    ["https://0177.0.0.1/x", URL_MESSAGES.private],
    ["https://10.1.2.3/x", URL_MESSAGES.private],
    ["https://172.31.255.255/x", URL_MESSAGES.private],
    ["https://192.168.1.1/x", URL_MESSAGES.private],
    ["https://169.254.169.254/latest/meta-data", URL_MESSAGES.private],
    ["https://100.64.0.1/x", URL_MESSAGES.private],
    ["https://0.0.0.0/x", URL_MESSAGES.private],
    ["https://[::1]/x", URL_MESSAGES.private],
    ["https://[::]/x", URL_MESSAGES.private],
    ["https://[fe80::1]/x", URL_MESSAGES.private],
    ["https://[fd00::1]/x", URL_MESSAGES.private],
    ["https://[::ffff:127.0.0.1]/x", URL_MESSAGES.private],
    ["https://[::ffff:10.0.0.1]/x", URL_MESSAGES.private],
    ["https://[64:ff9b::a9fe:a9fe]/x", URL_MESSAGES.private],
  ])("refuses %j", (url, message) => expect(endpointUrlProblem(url, false)).toBe(message));
});

describe("endpoint addresses in local development", () => {
  it("accepts http and loopback, so tests can receive", () => {
    expect(endpointUrlProblem("http://127.0.0.1:9190/hook", true)).toBeNull();
    expect(endpointUrlProblem("http://localhost:9190/hook", true)).toBeNull();
    expect(endpointUrlProblem("http://[::1]:9190/hook", true)).toBeNull();
  });

  it("still refuses other private addresses", () => {
    expect(endpointUrlProblem("http://10.0.0.5/hook", true)).toBe(URL_MESSAGES.private);
    expect(endpointUrlProblem("http://169.254.169.254/", true)).toBe(URL_MESSAGES.private);
  });
});

describe("addressKind", () => {
  it("tells public, loopback and private addresses apart, and names no kind for a host name", () => {
    expect(addressKind("8.8.8.8")).toBe("public");
    expect(addressKind("127.5.6.7")).toBe("loopback");
    expect(addressKind("192.0.2.1")).toBe("private");
    expect(addressKind("2001:db8::1")).toBe("private");
    expect(addressKind("2606:4700:4700::1111")).toBe("public");
    expect(addressKind("::ffff:8.8.8.8")).toBe("public");
    expect(addressKind("example.com")).toBeNull();
    expect(addressKind("1.2.3")).toBeNull();
  });
});

describe("hostToResolve", () => {
  it("names the host of a public name, and none for an IP literal or localhost", () => {
    expect(hostToResolve("https://Hooks.Example.com./x")).toBe("hooks.example.com");
    expect(hostToResolve("https://93.184.216.34/x")).toBeNull();
    expect(hostToResolve("http://localhost:1/x")).toBeNull();
  });
});
