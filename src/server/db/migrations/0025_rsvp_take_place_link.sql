-- Hand-written: rsvp_take_place (0021) also writes the link of the mail that tells the person
-- where they stand (an rsvp_tokens row, its hash made by the app with the token it mails):
-- one statement fewer for every signed-in RSVP, which at 200 a second to one date is the app's
-- CPU the event page's readers lack (docs/performance.md, docs/decisions/21-rsvps.md).
DROP FUNCTION rsvp_take_place(integer, date, text, text, integer, integer, integer, timestamptz);
--> statement-breakpoint
CREATE FUNCTION rsvp_take_place(
  p_event integer, p_date date, p_name text, p_email text, p_guests integer,
  p_user integer, p_capacity integer, p_now timestamptz, p_token_hash text
) RETURNS TABLE (
  rsvp_id integer, placed_status text, placed_at timestamptz,
  before_status text, before_guests integer,
  waitlist_position integer, going_people integer, waiting_people integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  old_id integer;
  old_status text;
  old_guests integer;
  others_going integer;
  others_waiting integer;
  new_status text;
  new_confirmed timestamptz;
  place integer;
BEGIN
  INSERT INTO rsvp_dates AS d (event_id, date) VALUES (p_event, p_date)
  ON CONFLICT (event_id, date) DO UPDATE SET walk_ins = d.walk_ins;
  SELECT r.id, r.status, r.guests INTO old_id, old_status, old_guests
  FROM rsvps r
  WHERE r.event_id = p_event AND r.date = p_date AND lower(r.email) = lower(p_email);
  -- Everyone else counted at the date, read once after the lock: the cap's test and the counts.
  SELECT coalesce(sum(1 + r.guests) FILTER (WHERE r.status = 'going'), 0)::integer,
         coalesce(sum(1 + r.guests) FILTER (WHERE r.status = 'waitlisted'), 0)::integer
    INTO others_going, others_waiting
  FROM rsvps r
  WHERE r.event_id = p_event AND r.date = p_date AND r.status IN ('going', 'waitlisted')
    AND r.id IS DISTINCT FROM old_id;
  new_status := CASE
    WHEN p_capacity IS NULL OR others_going + 1 + p_guests <= p_capacity THEN 'going'
    ELSE 'waitlisted' END;
  IF old_id IS NULL THEN
    INSERT INTO rsvps (event_id, date, name, email, guests, status, user_id, confirmed_at, created_at)
    VALUES (p_event, p_date, p_name, p_email, p_guests, new_status, p_user, p_now, p_now)
    RETURNING id, rsvps.confirmed_at INTO old_id, new_confirmed;
  ELSE
    UPDATE rsvps SET
      name = p_name, guests = p_guests, user_id = p_user, status = new_status,
      pending_name = NULL, pending_guests = NULL, cancelled_at = NULL, updated_at = p_now,
      -- Counted before, in the same state: its time in the line is kept.
      confirmed_at = CASE WHEN old_status = new_status THEN rsvps.confirmed_at ELSE p_now END
    WHERE id = old_id
    RETURNING rsvps.confirmed_at INTO new_confirmed;
  END IF;
  -- The link its mail carries (the token made by the app, only its hash here): written with the
  -- RSVP, not in a statement of its own after it.
  INSERT INTO rsvp_tokens (token_hash, rsvp_id) VALUES (p_token_hash, old_id);
  IF new_status = 'waitlisted' THEN
    SELECT count(*)::integer + 1 INTO place
    FROM rsvps r
    WHERE r.event_id = p_event AND r.date = p_date AND r.status = 'waitlisted'
      AND (r.confirmed_at, r.id) < (new_confirmed, old_id);
  END IF;
  RETURN QUERY SELECT old_id, new_status, new_confirmed, old_status, old_guests, place,
    others_going + CASE WHEN new_status = 'going' THEN 1 + p_guests ELSE 0 END,
    others_waiting + CASE WHEN new_status = 'waitlisted' THEN 1 + p_guests ELSE 0 END;
END
$$;
