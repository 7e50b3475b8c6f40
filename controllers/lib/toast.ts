// Toasts shown by the page's own code (the flash messages come from views/shared/_flash.ejs).

/** Adds a toast to the page's toast area; the toast controller times it. */
export function showToast(message: string, id = "toast") {
  document.getElementById(id)?.remove();
  const toast = document.createElement("div");
  toast.id = id;
  toast.className = "toast";
  toast.setAttribute("role", "status");
  toast.dataset.controller = "toast";
  toast.dataset.action = "turbo:before-cache@document->toast#remove";
  toast.textContent = message;
  (document.getElementById("flash") ?? document.body).append(toast);
}
