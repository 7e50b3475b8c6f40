import { Controller } from "@hotwired/stimulus";
import { attachmentFilename } from "#domain/files/content-disposition.ts";

// A form whose answer is a file (the proof of delivery as a PDF): sent in the background and saved
// under the name the answer's Content-Disposition gives, so the page stays where it is. Anything
// else (an error page) is shown by submitting the form the ordinary way. The fields go as a
// urlencoded form, as the browser itself would post this form: the server takes forms and JSON
// only, and refuses multipart bodies (FormData's own encoding) with 415.

export default class DownloadController extends Controller<HTMLFormElement> {
  async save(event: SubmitEvent) {
    event.preventDefault();
    const form = this.element;
    const response = await fetch(form.action, { method: "POST", body: urlencoded(form), credentials: "same-origin" }).catch(() => null);
    const filename = attachmentFilename(response?.headers.get("Content-Disposition"));
    if (!response?.ok || !filename) return HTMLFormElement.prototype.submit.call(form);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** The form's text fields as application/x-www-form-urlencoded (a download form has no file inputs). */
function urlencoded(form: HTMLFormElement): URLSearchParams {
  const fields = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string");
  return new URLSearchParams(fields);
}
