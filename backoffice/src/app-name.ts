// The app's name as the shell and its pages show it.
export const appName = 'Podium Back office';
