// New session: the first-declarer chips follow the names as they are typed.
document.querySelectorAll("input[data-seat]").forEach((input) => {
  input.addEventListener("input", () => {
    const label = document.querySelector(`[data-name-of="${input.dataset.seat}"]`);
    if (label) label.textContent = input.value.trim() || `Seat ${Number(input.dataset.seat) + 1}`;
  });
});
