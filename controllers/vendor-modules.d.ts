// The parts of untyped packages the browser code uses: @rails/activestorage and @hotwired/turbo.
declare module "@rails/activestorage" {
  export class DirectUpload {
    readonly id: number;
    readonly file: File;
    constructor(file: File, url: string, delegate?: object, customHeaders?: Record<string, string>);
    create(callback: (error: string | null, blob?: { signed_id: string }) => void): void;
  }
  export class DirectUploadController {
    readonly directUpload: DirectUpload;
    constructor(input: HTMLInputElement, file: File);
    start(callback: (error: string | null) => void): void;
  }
  export function start(): void;
}


declare module "@hotwired/turbo" {
  export function renderStreamMessage(html: string): void;
}

// Parts of ActiveStorage's source that the unit tests check against the product's constants.
declare module "*/@rails/activestorage/src/direct_upload_controller.js" {
  export const DirectUploadController: {
    prototype: { estimateResponseTime(this: { file: { size: number } }): number; uploadRequestDidProgress(this: object, event: { loaded: number; total: number }): void };
  };
}
declare module "*/@rails/activestorage/src/file_checksum.js" {
  export class FileChecksum {
    constructor(file: { size: number; name: string });
    readonly chunkSize: number;
    readonly chunkCount: number;
  }
}
