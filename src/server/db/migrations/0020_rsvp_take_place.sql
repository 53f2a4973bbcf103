-- Hand-written: a signed-in user's RSVP taking its place in one call (modules/rsvps/place.ts).
-- Locking the date, reading who is going and writing the RSVP in one round trip holds the
-- date's lock for as long as the database needs, not for the app's round trips: at 200 RSVPs a
-- second to one date, an app server busy with other requests made each lock last for its
-- event loop's delays. Each statement of a VOLATILE function reads anew (READ COMMITTED), so
-- the count after the lock sees every RSVP committed before it was granted.
CREATE FUNCTION rsvp_take_place(
  p_event integer, p_date date, p_name text, p_email text, p_guests integer,
  p_user integer, p_capacity integer, p_now timestamptz
) RETURNS TABLE (rsvp_id integer, before_status text, before_guests integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  old_id integer;
  old_status text;
  old_guests integer;
  others integer;
  new_status text;
BEGIN
  INSERT INTO rsvp_dates AS d (event_id, date) VALUES (p_event, p_date)
  ON CONFLICT (event_id, date) DO UPDATE SET walk_ins = d.walk_ins;
  SELECT r.id, r.status, r.guests INTO old_id, old_status, old_guests
  FROM rsvps r
  WHERE r.event_id = p_event AND r.date = p_date AND lower(r.email) = lower(p_email);
  IF p_capacity IS NULL THEN
    new_status := 'going';
  ELSE
    SELECT coalesce(sum(1 + r.guests), 0)::integer INTO others
    FROM rsvps r
    WHERE r.event_id = p_event AND r.date = p_date AND r.status = 'going'
      AND r.id IS DISTINCT FROM old_id;
    new_status := CASE WHEN others + 1 + p_guests <= p_capacity THEN 'going' ELSE 'waitlisted' END;
  END IF;
  IF old_id IS NULL THEN
    INSERT INTO rsvps (event_id, date, name, email, guests, status, user_id, confirmed_at, created_at)
    VALUES (p_event, p_date, p_name, p_email, p_guests, new_status, p_user, p_now, p_now)
    RETURNING id INTO old_id;
  ELSE
    UPDATE rsvps SET
      name = p_name, guests = p_guests, user_id = p_user, status = new_status,
      pending_name = NULL, pending_guests = NULL, cancelled_at = NULL, updated_at = p_now,
      -- Counted before, in the same state: its time in the line is kept.
      confirmed_at = CASE WHEN old_status = new_status THEN confirmed_at ELSE p_now END
    WHERE id = old_id;
  END IF;
  RETURN QUERY SELECT old_id, old_status, old_guests;
END
$$;
