import { describe, expect, it } from "vitest";
import { verifyStreamName } from "#cable/signed-stream-name.ts";
import { streamSecret, streamTag } from "#lib/turbo.server.ts";
import { useSecretKeyBase } from "#lib/secrets.server.ts";

const signedName = (tag: string) => /signed-stream-name="([^"]+)"/.exec(tag)?.[1] ?? "";

describe("a page's <turbo-cable-stream-source> tags, signed once and kept", () => {
  it("names the stream, signed with the current secret, the same each time it is asked for", () => {
    useSecretKeyBase("first-secret-first-secret-first-secret-0123456789");
    const tag = streamTag("user:7");
    expect(streamTag("user:7")).toBe(tag);
    expect(verifyStreamName(signedName(tag), streamSecret())).toBe("user:7");
    expect(verifyStreamName(signedName(streamTag("account:3")), streamSecret())).toBe("account:3");
  });

  it("is signed again when the secret changes: a kept tag never outlives its secret", () => {
    useSecretKeyBase("first-secret-first-secret-first-secret-0123456789");
    const before = streamTag("user:7");
    useSecretKeyBase("second-secret-second-secret-second-secret-01234567");
    const after = streamTag("user:7");
    expect(after).not.toBe(before);
    expect(verifyStreamName(signedName(after), streamSecret())).toBe("user:7");
    expect(verifyStreamName(signedName(before), streamSecret())).toBeNull();
  });
});
