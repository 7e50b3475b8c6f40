import { afterEach, describe, expect, it } from "vitest";
import {
  broadcastTurboStream,
  createTurboStreamsChannel,
  turboStreamFromTag,
} from "#cable/channels/turbo-streams-channel.ts";
import { signStreamName, verifyStreamName } from "#cable/signed-stream-name.ts";
import { RawClient, SECRET, isReply, startCable, turboIdentifier, users, type TestCable, type TestUser } from "./support/cable-harness.ts";

let cable: TestCable | undefined;
let client: RawClient | undefined;
afterEach(async () => {
  client?.close();
  await cable?.close();
  cable = client = undefined;
});

describe("Turbo::StreamsChannel", () => {
  it("asks authorize with the subscriber and the verified stream name, and waits for an async answer", async () => {
    const asked: [TestUser, string][] = [];
    cable = await startCable({
      channels: {
        "Turbo::StreamsChannel": createTurboStreamsChannel<TestUser>({
          secret: SECRET,
          authorize: async (user, streamName) => {
            asked.push([user, streamName]);
            await new Promise((resolve) => setTimeout(resolve, 20));
            return streamName === "jobs:7";
          },
        }),
      },
    });
    client = await RawClient.connect(`${cable.url}?as=bob`);
    const allowed = turboIdentifier(signStreamName(["jobs", 7], SECRET));
    const refused = turboIdentifier(signStreamName(["jobs", 8], SECRET));

    client.subscribe(allowed);
    client.subscribe(refused);

    await client.waitFor(isReply(allowed, "confirm_subscription"));
    await client.waitFor(isReply(refused, "reject_subscription"));
    expect(asked).toEqual([
      [users.bob, "jobs:7"],
      [users.bob, "jobs:8"],
    ]);
  });

  it("never asks authorize about a name that fails verification", async () => {
    const asked: string[] = [];
    cable = await startCable({
      channels: {
        "Turbo::StreamsChannel": createTurboStreamsChannel<TestUser>({ secret: SECRET, authorize: (_u, name) => (asked.push(name), true) }),
      },
    });
    client = await RawClient.connect(`${cable.url}?as=bob`);
    const forged = turboIdentifier(signStreamName("jobs:7", "guess"));

    client.subscribe(forged);

    await client.waitFor(isReply(forged, "reject_subscription"));
    expect(asked).toEqual([]);
  });
});

describe("broadcastTurboStream", () => {
  it("broadcasts the HTML string itself on the joined stream name", async () => {
    const sent: [string, unknown][] = [];
    const html = '<turbo-stream action="remove" target="quote_3"></turbo-stream>';

    await broadcastTurboStream({ broadcast: async (stream, message) => void sent.push([stream, message]) }, ["jobs", 7], html);

    expect(sent).toEqual([["jobs:7", html]]);
  });
});

describe("turboStreamFromTag", () => {
  it("renders turbo-rails' turbo_stream_from tag with a name that verifies", () => {
    const tag = turboStreamFromTag(["accounts", "acme"], SECRET);

    const signed = /signed-stream-name="([^"]+)"/.exec(tag)?.[1];
    expect(tag).toMatch(/^<turbo-cable-stream-source channel="Turbo::StreamsChannel" signed-stream-name="[^"]+"><\/turbo-cable-stream-source>$/);
    expect(verifyStreamName(signed, SECRET)).toBe("accounts:acme");
  });
});
