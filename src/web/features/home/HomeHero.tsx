import { Link } from 'react-router';

export function HomeHero() {
  return (
    <section className="hero rounded-3 p-4 p-md-5 mb-4" aria-labelledby="home-title">
      <h1 id="home-title" className="display-5 fw-bold">
        Find a chapter near you
      </h1>
      <p className="lead">
        Living Liberally is a network of local social chapters: Drinking, Screening, Living,
        Laughing, Dining and Reading Liberally. Meet like-minded neighbours over a drink, a film, a
        meal, a laugh or a book.
      </p>
      <Link to="/about" className="btn btn-light btn-lg">
        About Living Liberally
      </Link>
    </section>
  );
}
