/** Hours with two decimals, e.g. '1.25 h'. */
export function formatHours(hours: number): string {
  return `${hours.toFixed(2)} h`;
}

/** How far from the site a clock-in was made, e.g. '2.4 km from site'. */
export function formatDistance(km: number): string {
  return `${km.toFixed(1)} km from site`;
}
