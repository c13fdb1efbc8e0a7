type Navigate = (to: string) => void;

// Until the router registers itself (and in tests without one) a full page load does the job.
let navigate: Navigate = (to) => window.location.assign(to);

/** Registers the router's navigation so code outside components can move the user. */
export function setNavigator(next: Navigate): void {
  navigate = next;
}

export function navigateTo(to: string): void {
  navigate(to);
}
