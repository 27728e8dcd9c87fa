import Foundation
import Quantwm

protocol QWNode_S {}
protocol QWRoot_S {}

class Mediator: QWMediator {
    func registerRoot(model: Store, rootProperty: QWRootProperty) {
        super.registerRoot(model: model, rootProperty: rootProperty)
    }
}
