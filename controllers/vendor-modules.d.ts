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
