// Share the result: the phone's share sheet with the PNG where the browser allows it
// (Web Share API with files), else the link downloads the PNG as it is. The PNG is
// fetched ahead, so the tap opens the share sheet at once (a share needs a fresh tap).
(() => {
  const link = document.querySelector("[data-share-png]");
  if (!link || !navigator.canShare) return;
  let file = null;
  fetch(link.href)
    .then((response) => (response.ok ? response.blob() : null))
    .then((blob) => {
      if (!blob) return;
      const named = new File([blob], link.getAttribute("download") || "barbu.png", { type: "image/png" });
      if (navigator.canShare({ files: [named] })) file = named;
    })
    .catch(() => {});
  link.addEventListener("click", (event) => {
    if (!file) return; // no share sheet here: the link downloads the PNG
    event.preventDefault();
    navigator.share({ files: [file], title: link.dataset.title || "" }).catch(() => {});
  });
})();
