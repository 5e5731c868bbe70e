/** The parts of a customer group's settings JSON the console's access rules read. */
export interface GroupAccessSettings {
  readonly sendVerificationEmail: boolean;
  readonly hasNoticeboardNumbers: boolean;
}

/**
 * Reads send_verification_email and noticeboard_numbers from the group's settings text. Settings
 * that are missing or not valid JSON grant nothing, the same reading as the server's.
 */
export function readGroupAccessSettings(settingsJson: string | null | undefined): GroupAccessSettings {
  const settings = parseObject(settingsJson);
  const numbers = settings['noticeboard_numbers'];
  return {
    sendVerificationEmail: settings['send_verification_email'] === true,
    hasNoticeboardNumbers: Array.isArray(numbers) && numbers.length > 0,
  };
}

function parseObject(json: string | null | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
