/**
 * Parked events (not in the spec: an operations view for admins). An event that a read model could
 * not apply is set aside so that nothing else waits for it; admins see their organisation's and
 * ask for a retry once the fault is fixed.
 */
export interface ParkedEventDto {
  /** `<read model>@<position>`. */
  id: string;
  /** The read model that could not apply the event. */
  projection: string;
  /** The event's position in the global history. */
  position: number;
  stream: string;
  event_type: string;
  /** The error the read model gave, shortened. */
  error: string;
  /** ISO 8601. */
  parked_at: string;
  attempts: number;
  /** ISO 8601. */
  last_attempt_at: string;
  /** A retry was asked for and has not run yet. */
  retry_requested: boolean;
}

export interface ParkedEventListDto {
  data: ParkedEventDto[];
}

export interface ParkedEventRetryDto {
  data: ParkedEventDto;
}
