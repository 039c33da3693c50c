/** '2025-03-01T09:30' (an <input type="datetime-local"> value, local time) → ISO 8601 UTC; '' stays ''. */
export function localInputToIso(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** ISO date-time → the local 'yyyy-MM-ddTHH:mm' a datetime-local input shows; '' when missing or invalid. */
export function isoToLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
