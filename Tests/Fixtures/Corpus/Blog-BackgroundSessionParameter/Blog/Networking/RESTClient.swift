import Foundation

enum RESTClient {
    static func perform(_ request: URLRequest, on session: URLSession, completion: @escaping (Result<Data, Error>) -> Void) {
        let task = session.dataTask(with: request) { data, _, error in
            if let error {
                completion(.failure(error))
            } else {
                completion(.success(data ?? Data()))
            }
        }
        task.resume()
    }
}
