import { describe, expect, it } from "vitest";
import { bucketOrigin } from "#lib/s3-storage.server.ts";

// The one origin pages may PUT to and show images from when files are kept in a bucket (the CSP's
// connect-src and img-src, and the origin the bucket's CORS rule must name).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
const settings = { STORAGE_URL: "s3://loadline-files", S3_REGION: "eu-west-2", S3_ENDPOINT: undefined, S3_FORCE_PATH_STYLE: undefined };

describe("the bucket's origin", () => {
  it.each([
    ["AWS, the bucket as its own host", {}, "https://loadline-files.s3.eu-west-2.amazonaws.com"],
    ["AWS in another region", { S3_REGION: "us-east-1" }, "https://loadline-files.s3.us-east-1.amazonaws.com"],
    ["AWS, a bucket name with dots (no certificate covers it as a host)", { STORAGE_URL: "s3://files.loadline.example" }, "https://s3.eu-west-2.amazonaws.com"],
    ["AWS, path style", { S3_FORCE_PATH_STYLE: true }, "https://s3.eu-west-2.amazonaws.com"],
    ["another service, path style", { S3_ENDPOINT: "https://storage.example:9000", S3_FORCE_PATH_STYLE: true }, "https://storage.example:9000"],
    ["another service, the bucket as a sub-domain", { S3_ENDPOINT: "https://fra1.digitaloceanspaces.com" }, "https://loadline-files.fra1.digitaloceanspaces.com"],
    ["a service on an IP address", { S3_ENDPOINT: "http://10.0.0.5:9000" }, "http://10.0.0.5:9000"],
  ])("%s", (_case, change, origin) => {
    expect(bucketOrigin({ ...settings, ...change })).toBe(origin);
  });
});
