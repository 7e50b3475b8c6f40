// s3rver ships no types: what the tests use of it (see node_modules/s3rver/README.md).
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  export type S3rverOptions = {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    /** Buckets made at start; `configs` are raw CORSConfiguration or WebsiteConfiguration XML. */
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
